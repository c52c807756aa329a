// Options realised profit and loss, one amount per settled order at its settlement: what the
// order's result paid beyond the stake (profit: stake × payoutRate, −stake, or 0) minus the fee
// paid at purchase. A void order gave the fee back too, so it realised nothing. Pure: bigint
// USDT units in and out. Counted from the orders rather than the bills, because the win's bill
// (312) carries stake + profit and the fee (314) is a bill of the purchase, not of the result.

export interface SettledOptionForIncome {
  result: "win" | "lose" | "tie" | "void";
  /** USDT units, signed. */
  profit: bigint;
  /** USDT units paid at purchase. */
  fee: bigint;
  settledAt: Date;
}

export interface RealisedOption {
  /** USDT units, signed. */
  amount: bigint;
  at: Date;
}

export function optionsRealised(orders: readonly SettledOptionForIncome[]): RealisedOption[] {
  return orders.map((o) => ({
    amount: o.result === "void" ? 0n : o.profit - o.fee,
    at: o.settledAt,
  }));
}
