export const a = (x: string): RangeError => new RangeError(`Not a decimal string: ${x}`);
export function f(x: string): never {
  throw new RangeError(`Not a decimal string: ${x}`);
}
