// Binance sends prices and quantities as decimal strings with 8 decimals ("9338.96000000"); Quanta
// keeps each symbol at its own scale (symbols.ts). Read with the one decimal (protocol/decimal.ts):
// exact, extra zeros dropped, and a digit past the scale rounds the value half up, the same rule
// toScaled applies to the simulated feed. What this adds is the frame's own limits and null for
// a value that is not one, so a bad frame is counted, not thrown.
import { parseUnits } from "../../../../protocol/decimal";

/** A plain non-negative decimal as Binance writes it; at most 20 integer and 18 fraction digits. */
const DECIMAL = /^\d{1,20}(?:\.\d{1,18})?$/;

/** The most decimals Binance uses; at this scale unitsAtScale never rounds (exact comparisons). */
export const EXACT_SCALE = 18;

/**
 * `value` in units of 10^-scale ("9338.96000000", 2 -> 933896n; "0.17246300", 5 -> 17246n;
 * "145.31607000", 4 -> 1453161n, rounded half up). Null when `value` is not a decimal string.
 */
export function unitsAtScale(value: unknown, scale: number): bigint | null {
  if (typeof value !== "string" || !DECIMAL.test(value)) return null;
  return parseUnits(value, scale, "half-up");
}
