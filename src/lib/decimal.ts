// Decimal-string money arithmetic over bigint. Amounts travel as decimal strings ("1250.5") and
// are held as integers in the asset's smallest unit; a JavaScript number never holds one, because
// a double cannot represent 0.1 and silently loses digits past 2^53 (DESIGN.md section 5).
import { badInteger, divisionByZero, notDecimal, tooPrecise } from "./errors";
import { divRound, type Rounding } from "./rounding";

// Strict on purpose: no exponent, no "+", no spaces, no bare "." — the wire format has one spelling.
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** Generous upper bound for a scale; real assets use 6 (USDT) or 8, Ethereum tokens up to 18. */
export const MAX_SCALE = 36;

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
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) {
    throw badInteger(name, scale, 0, MAX_SCALE);
  }
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
  /** Drop trailing fraction zeros ("1.50" -> "1.5"). Default true: the canonical wire form. */
  trimZeros?: boolean;
  /** Pad the fraction with zeros to at least this many digits (applied after trimming). */
  minDecimals?: number;
}

/** 1500000n at scale 6 -> "1.5". Exact; never "-0", never an exponent. */
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

export function isZero(value: string): boolean {
  return exact(value).units === 0n;
}

/** "-1.50" -> "1.50", keeping the given decimals; zero stays unsigned. */
export function negate(value: string): string {
  const x = exact(value);
  return formatUnits(-x.units, x.decimals, { trimZeros: false });
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
