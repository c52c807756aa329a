// The one decimal of Quanta, for app and server alike: money, prices and quantities travel as
// decimal strings and are computed as bigint integers in units of 10^-scale. A JavaScript number
// never holds one: a double cannot represent 0.1 and silently loses digits past 2^53 (DESIGN §5).
//
// The formatting rule (every decimal string Quanta writes follows it):
// - plain digits: an optional "-", at least one digit before the point, no exponent, no "+",
//   no grouping; never "-0" (zero is "0");
// - canonical (`formatUnits`, amounts and the default everywhere): the fraction's trailing zeros
//   are dropped, and the point with them ("1.50" -> "1.5", "2.00" -> "2");
// - fixed (`formatFixed`, only a market's prices and quantities at a symbol's scale): exactly
//   `scale` places, zeros kept ("67250.00"), so a price shows its step and a column lines up.
// Reading (`parseUnits`) is strict in the same spelling and never drops a digit silently: more
// decimals than the scale is an error unless the caller names a rounding mode.

// ---------------------------------------------------------------------------------------------
// Rounding: the one place where precision is given up, so every caller says in which direction.

/**
 * - "up": away from zero, "down": toward zero. These act on the magnitude, so they keep their
 *   meaning whether a ledger leg is written as +x or -x.
 * - "ceil": toward +infinity, "floor": toward -infinity.
 * - "half-up": to the nearest unit, ties away from zero (how an exchange's longer decimals are
 *   brought to a symbol's scale).
 * - "half-even": to the nearest unit, ties to the even neighbour (banker's rounding); for
 *   neutral values such as prices, never for amounts that move money.
 */
export type Rounding = "up" | "down" | "ceil" | "floor" | "half-up" | "half-even";

/**
 * DESIGN.md section 5: fees and debits round up and credits round down, so a rounding remainder
 * never leaves the ledger as money nobody paid in. Pass amounts as magnitudes with these.
 */
export const ROUND_DEBIT = "up" satisfies Rounding;
/** See ROUND_DEBIT. */
export const ROUND_CREDIT = "down" satisfies Rounding;

/** Generous upper bound for a scale; real assets use 6 (USDT) or 8, Ethereum tokens up to 18. */
export const MAX_SCALE = 36;

// Developer-facing errors: they reach logs and tests, never a screen (callers word their own).
export const notDecimal = (value: unknown): TypeError =>
  new TypeError(`Not a decimal string (expected digits, optional "-" and "."): ${show(value)}`);

const tooPrecise = (value: string, scale: number): RangeError =>
  new RangeError(
    `${show(value)} has more than ${scale} decimals; pass a rounding mode to round it explicitly`,
  );

const badScale = (name: string, value: unknown): RangeError =>
  new RangeError(`${name} must be an integer from 0 to ${MAX_SCALE}, got ${show(value)}`);

const divisionByZero = (what: string): RangeError => new RangeError(`Division by zero in ${what}`);

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** `n / d` rounded to an integer by `rounding`. Throws a RangeError when `d` is 0. */
export function divRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw divisionByZero("divRound");
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d; // BigInt division truncates toward zero.
  const r = n % d; // Same sign as n.
  if (r === 0n) return q;
  const away = n < 0n ? q - 1n : q + 1n;
  const twice = 2n * (r < 0n ? -r : r);
  switch (rounding) {
    case "down":
      return q;
    case "up":
      return away;
    case "floor":
      return n < 0n ? away : q;
    case "ceil":
      return n > 0n ? away : q;
    case "half-up":
      return twice >= d ? away : q;
    case "half-even":
      if (twice !== d) return twice > d ? away : q;
      return q % 2n === 0n ? q : away;
    default:
      // Unreachable for typed callers; guards values that crossed an untyped boundary.
      throw new RangeError(`Unknown rounding mode: ${show(rounding satisfies never)}`);
  }
}

/** `a * b / d` with a single rounding at the end, so no precision is lost in between. */
export function mulDiv(a: bigint, b: bigint, d: bigint, rounding: Rounding): bigint {
  return divRound(a * b, d, rounding);
}

// ---------------------------------------------------------------------------------------------
// Units <-> strings.

// Strict on purpose: no exponent, no "+", no spaces, no bare "." — the wire has one spelling.
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === "string" && DECIMAL.test(value);
}

/** A decimal string as an integer count of 10^-decimals, where decimals = its own fraction length. */
interface Exact {
  units: bigint;
  decimals: number;
}

function exact(value: string): Exact {
  if (!isDecimalString(value)) throw notDecimal(value);
  const point = value.indexOf(".");
  if (point < 0) return { units: BigInt(value), decimals: 0 };
  // BigInt("-12" + "50") keeps the sign and reads every digit exactly.
  return {
    units: BigInt(value.slice(0, point) + value.slice(point + 1)),
    decimals: value.length - point - 1,
  };
}

function checkScale(scale: number, name = "scale"): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) throw badScale(name, scale);
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** `x` (with `decimals` fraction digits) rescaled to `scale` fraction digits. */
function rescale(x: Exact, scale: number, rounding: Rounding): bigint {
  if (x.decimals <= scale) return x.units * pow10(scale - x.decimals);
  return divRound(x.units, pow10(x.decimals - scale), rounding);
}

/**
 * "1.5" at scale 6 -> 1500000n. Throws a TypeError for anything that is not a plain decimal
 * string, and a RangeError when it has more decimals than `scale` — unless `rounding` is given,
 * which makes dropping the extra digits an explicit decision.
 */
export function parseUnits(value: string, scale: number, rounding?: Rounding): bigint {
  checkScale(scale);
  const x = exact(value);
  if (x.decimals > scale && rounding === undefined) throw tooPrecise(value, scale);
  return rescale(x, scale, rounding ?? "down");
}

export interface FormatUnitsOptions {
  /** Drop trailing fraction zeros ("1.50" -> "1.5"). Default true: the canonical form. */
  trimZeros?: boolean;
  /** Pad the fraction with zeros to at least this many digits (applied after trimming). */
  minDecimals?: number;
}

/** 1500000n at scale 6 -> "1.5": the canonical form (top of file). Exact; never "-0". */
export function formatUnits(units: bigint, scale: number, opts: FormatUnitsOptions = {}): string {
  checkScale(scale);
  const minDecimals = opts.minDecimals ?? 0;
  checkScale(minDecimals, "minDecimals");
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  let fraction = digits.slice(digits.length - scale);
  if (opts.trimZeros ?? true) fraction = fraction.replace(/0+$/, "");
  fraction = fraction.padEnd(minDecimals, "0");
  return (negative ? "-" : "") + whole + (fraction ? "." + fraction : "");
}

/** 6725000n at scale 2 -> "67250.00": the fixed form (top of file), for market prices/quantities. */
export function formatFixed(units: bigint, scale: number): string {
  return formatUnits(units, scale, { trimZeros: false });
}

// ---------------------------------------------------------------------------------------------
// Arithmetic on decimal strings; each result is canonical.

/** Exact sum; both operands must fit `scale` (more decimals means a wrong asset, so it throws). */
export function add(a: string, b: string, scale: number): string {
  return formatUnits(parseUnits(a, scale) + parseUnits(b, scale), scale);
}

/** Exact difference `a - b`, same rules as `add`. */
export function sub(a: string, b: string, scale: number): string {
  return formatUnits(parseUnits(a, scale) - parseUnits(b, scale), scale);
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`; exact at any precision. */
export function compare(a: string, b: string): -1 | 0 | 1 {
  const x = exact(a);
  const y = exact(b);
  const decimals = Math.max(x.decimals, y.decimals); // A digit count, not a value.
  const diff = rescale(x, decimals, "down") - rescale(y, decimals, "down");
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** The smaller of two decimal strings, as given. */
export function min(a: string, b: string): string {
  return compare(a, b) <= 0 ? a : b;
}

/** The larger of two decimal strings, as given. */
export function max(a: string, b: string): string {
  return compare(a, b) >= 0 ? a : b;
}

/** -1, 0 or 1: the sign of `value` ("-0" is 0). */
export function sign(value: string): -1 | 0 | 1 {
  return compare(value, "0");
}

export function isZero(value: string): boolean {
  return exact(value).units === 0n;
}

/** "-1.50" -> "1.50", keeping the given decimals; zero stays unsigned. */
export function negate(value: string): string {
  const x = exact(value);
  return formatUnits(-x.units, x.decimals, { trimZeros: false });
}

/** `value` rounded to `places` decimals by `rounding`, canonical ("1.255", 2, "half-up" -> "1.26"). */
export function roundTo(value: string, places: number, rounding: Rounding): string {
  return formatUnits(parseUnits(value, places, rounding), places);
}

/** `numerator / denominator` rounded to `scale` decimals, as a canonical decimal string. */
function quotient(
  numerator: bigint,
  denominator: bigint,
  scale: number,
  rounding: Rounding,
): string {
  checkScale(scale);
  return formatUnits(divRound(numerator * pow10(scale), denominator, rounding), scale);
}

/** Exact `a * b`, rounded once to `scale` decimals (e.g. quantity x price -> notional). */
export function multiply(a: string, b: string, scale: number, rounding: Rounding): string {
  const x = exact(a);
  const y = exact(b);
  return quotient(x.units * y.units, pow10(x.decimals + y.decimals), scale, rounding);
}

/** Exact `a / b`, rounded once to `scale` decimals. Throws a RangeError when `b` is zero. */
export function divide(a: string, b: string, scale: number, rounding: Rounding): string {
  const x = exact(a);
  const y = exact(b);
  if (y.units === 0n) throw divisionByZero("divide");
  return quotient(x.units * pow10(y.decimals), y.units * pow10(x.decimals), scale, rounding);
}

/** `percent`% of `value` ("2.5" percent of "200" -> "5"), rounded once to `scale` decimals. */
export function percentOf(
  value: string,
  percent: string,
  scale: number,
  rounding: Rounding,
): string {
  const x = exact(value);
  const p = exact(percent);
  return quotient(x.units * p.units, 100n * pow10(x.decimals + p.decimals), scale, rounding);
}

/**
 * Change from `from` to `to` in percent ("100" -> "105" is "5"). Divides by |from| so that a rise
 * is positive even from a negative base. Throws a RangeError when `from` is zero.
 */
export function percentChange(from: string, to: string, scale: number, rounding: Rounding): string {
  const x = exact(from);
  const y = exact(to);
  if (x.units === 0n) throw divisionByZero("percentChange");
  const decimals = Math.max(x.decimals, y.decimals);
  const base = rescale(x, decimals, "down");
  const change = rescale(y, decimals, "down") - base;
  return quotient(100n * change, base < 0n ? -base : base, scale, rounding);
}
