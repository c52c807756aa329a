// Developer-facing error messages for the pure helpers, in one place. They reach logs and tests,
// never a screen: callers catch and show their own translated text, so these stay in English.

export const notDecimal = (value: unknown): TypeError =>
  new TypeError(`Not a decimal string (expected digits, optional "-" and "."): ${show(value)}`);

export const tooPrecise = (value: string, scale: number): RangeError =>
  new RangeError(
    `${show(value)} has more than ${scale} decimals; pass a rounding mode to round it explicitly`,
  );

export const badInteger = (name: string, value: unknown, min: number, max: number): RangeError =>
  new RangeError(`${name} must be an integer from ${min} to ${max}, got ${show(value)}`);

export const divisionByZero = (what: string): RangeError =>
  new RangeError(`Division by zero in ${what}`);

export const badRounding = (value: unknown): RangeError =>
  new RangeError(`Unknown rounding mode: ${show(value)}`);

export const badTime = (value: unknown): RangeError =>
  new RangeError(`Not an ISO-8601 date-time: ${show(value)}`);

export const invalidDate = (name: string): RangeError =>
  new RangeError(`${name} is an invalid Date`);

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}
