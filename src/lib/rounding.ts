// Integer division with an explicit rounding mode: the one place where precision is given up,
// so every caller has to say in which direction.
import { badRounding, divisionByZero } from "./errors";

/**
 * - "up": away from zero, "down": toward zero. These act on the magnitude, so they keep their
 *   meaning whether a ledger leg is written as +x or -x.
 * - "ceil": toward +infinity, "floor": toward -infinity.
 * - "half-even": to the nearest unit, ties to the even neighbour (banker's rounding); for
 *   neutral values such as prices, never for amounts that move money.
 */
export type Rounding = "up" | "down" | "ceil" | "floor" | "half-even";

/**
 * DESIGN.md section 5: fees and debits round up and credits round down, so a rounding remainder
 * never leaves the ledger as money nobody paid in. Pass amounts as magnitudes with these.
 */
export const ROUND_DEBIT = "up" satisfies Rounding;
/** See ROUND_DEBIT. */
export const ROUND_CREDIT = "down" satisfies Rounding;

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
  switch (rounding) {
    case "down":
      return q;
    case "up":
      return away;
    case "floor":
      return n < 0n ? away : q;
    case "ceil":
      return n > 0n ? away : q;
    case "half-even": {
      const twice = 2n * (r < 0n ? -r : r);
      if (twice !== d) return twice > d ? away : q;
      return q % 2n === 0n ? q : away;
    }
    default:
      // Unreachable for typed callers; guards values that crossed an untyped boundary.
      throw badRounding(rounding satisfies never);
  }
}

/** `a * b / d` with a single rounding at the end, so no precision is lost in between. */
export function mulDiv(a: bigint, b: bigint, d: bigint, rounding: Rounding): bigint {
  return divRound(a * b, d, rounding);
}
