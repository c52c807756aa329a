// Developer-facing error messages for the pure helpers (the decimal's are in protocol/decimal.ts). They reach logs and tests,
// never a screen: callers catch and show their own translated text, so these stay in English.

export const badInteger = (name: string, value: unknown, min: number, max: number): RangeError =>
  new RangeError(`${name} must be an integer from ${min} to ${max}, got ${show(value)}`);

export const badTime = (value: unknown): RangeError =>
  new RangeError(`Not an ISO-8601 date-time: ${show(value)}`);

export const invalidDate = (name: string): RangeError =>
  new RangeError(`${name} is an invalid Date`);

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}
