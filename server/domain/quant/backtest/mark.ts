// Marking equity at a close without bigints: cash + ⌊held × close / 10^baseScale⌋, exactly, in
// integer arithmetic on numbers. This runs on every candle of every backtest; the bigint form
// (execute.ts equityAt) allocates on each of its three operations and was most of a run's cost.
//
// Why it is exact: held is a whole number of quantity steps (every fill is rounded to the step),
// so held × close / 10^baseScale = steps × close / per with per = 10^baseScale / qtyStep. Let
// n = steps × close. If the true n is at most 2^53 − 1 the product of the two numbers is exact,
// and if it is not the rounded product is at least 2^53, so the check `n ≤ 2^53 − 1` tells which.
// For a whole n ≤ 2^53 − 1 and a whole per ≥ 1, n / per rounded to the nearest number never
// crosses a whole number (the true quotient is at least 1 / per away from any it is not equal to,
// the rounding error below n / per × 2^−53 < 1 / per), so ⌊n / per⌋ is exact. The sum with the
// cash is exact while it stays within ±(2^53 − 1), checked the same way. Whenever a check fails,
// or a figure was not exact to begin with (NaN), the mark is made with bigints instead.
import type { Account } from "./execute";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export interface Marker {
  /** Cash in units, exact; NaN when it is beyond ±(2^53 − 1). */
  cash: number;
  /** Held in quantity steps, exact; NaN when that is not possible (then every mark is bigint). */
  steps: number;
  /** 10^baseScale / qtyStep: quantity steps per whole coin. */
  readonly per: number;
  /** Whether anything is held. */
  holding: boolean;
}

export function openMarker(a: Account): Marker {
  const { qtyStep } = a.rules;
  const whole = qtyStep > 0n && a.unit % qtyStep === 0n && a.unit / qtyStep <= BigInt(MAX_SAFE);
  const m: Marker = {
    cash: 0,
    steps: 0,
    per: whole ? Number(a.unit / qtyStep) : 0,
    holding: false,
  };
  refreshMarker(m, a);
  return m;
}

/** After a fill: the account's new cash and position. */
export function refreshMarker(m: Marker, a: Account): void {
  const cash = Number(a.cash);
  m.cash = cash <= MAX_SAFE && cash >= -MAX_SAFE ? cash : Number.NaN;
  m.holding = a.held > 0n;
  // held / qtyStep with numbers: both exact below 2^53, and then the quotient is exact when it
  // is whole and, when it is not, never rounds to a whole number (mark.ts header, same bound).
  const held = Number(a.held);
  const steps = held / Number(a.rules.qtyStep);
  m.steps = m.per !== 0 && held <= MAX_SAFE && Number.isInteger(steps) ? steps : Number.NaN;
}

/**
 * Equity at a close of `closeUnits` (the exact close as a number), exact; NaN when it cannot be
 * made with numbers (the caller then marks with bigints).
 */
export function markAt(m: Marker, closeUnits: number): number {
  const n = m.steps * closeUnits;
  if (!(n >= 0 && n <= MAX_SAFE)) return Number.NaN;
  const e = m.cash + Math.floor(n / m.per);
  return e <= MAX_SAFE && e >= -MAX_SAFE ? e : Number.NaN;
}
