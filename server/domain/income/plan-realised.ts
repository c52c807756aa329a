// Quant plan results: what an ended plan earned, booked once at its end as a 102 (profit from the
// plan pool) or a 202 (loss to it, never more than the amount). Counted from those bills: unlike
// options and contracts, a plan pays no fee of its own (its trades' fees are inside its result),
// and the 103/104 pair around the result only froze and released the amount. A running plan is
// not income yet. Pure: bigint USDT units in and out.
import type { RealisedAmount } from "./spot-realised";

export interface PlanResultForIncome {
  /** USDT units, signed: 102 positive, 202 negative. */
  amount: bigint;
  at: Date;
}

export function planRealised(results: readonly PlanResultForIncome[]): RealisedAmount[] {
  return results.map((r) => ({ amount: r.amount, at: r.at }));
}
