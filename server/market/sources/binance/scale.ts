// Binance sends prices and quantities as decimal strings with 8 decimals ("9338.96000000"); Quanta
// keeps each symbol at its own scale (symbols.ts). Conversion is exact string arithmetic, never a
// float: extra zeros are dropped, and a digit past the scale rounds the value half up (the first
// dropped digit 5..9 adds one unit), the same rule toScaled applies to the simulated feed.

/** A plain non-negative decimal as Binance writes it; at most 20 integer and 18 fraction digits. */
const DECIMAL = /^(\d{1,20})(?:\.(\d{1,18}))?$/;

/** The most decimals Binance uses; at this scale unitsAtScale never rounds (exact comparisons). */
export const EXACT_SCALE = 18;

/**
 * `value` in units of 10^-scale ("9338.96000000", 2 -> 933896n; "0.17246300", 5 -> 17246n;
 * "145.31607000", 4 -> 1453161n, rounded half up). Null when `value` is not a decimal string.
 */
export function unitsAtScale(value: unknown, scale: number): bigint | null {
  if (typeof value !== "string") return null;
  const match = DECIMAL.exec(value);
  if (!match) return null;
  const whole = match[1] ?? "0";
  const frac = match[2] ?? "";
  if (frac.length <= scale) return BigInt(whole + frac.padEnd(scale, "0"));
  const kept = BigInt(whole + frac.slice(0, scale));
  return frac.charCodeAt(scale) >= 53 /* "5" */ ? kept + 1n : kept;
}
