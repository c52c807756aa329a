// The simulated feed's random walk runs on floats; a value leaves it only through toScaled, as a
// fixed-form decimal at the symbol's scale (protocol/decimal.ts), never as a float.
import { formatFixed } from "../../../protocol/decimal";

/** Rounds a finite, non-negative float to `scale` decimals (half away from zero), as a string. */
export function toScaled(value: number, scale: number): string {
  if (!Number.isFinite(value) || value < 0) throw new Error(`Not a valid amount: ${value}`);
  return formatFixed(BigInt(Math.round(value * 10 ** scale)), scale);
}
