// Contract realised profit and loss, one amount per closed position at its close: its pnl (the
// 302 income or 303 loss) minus both fees it paid (301 at opening and at closing). Counted from
// the orders rather than the bills, like options: the opening fee is paid when the position
// opens, but it belongs to the position's result, so an open position is not income yet and a
// closed one counts whole on the day it closed. A cancelled limit order paid no fee (its frozen
// fee came back) and realised nothing. Pure: bigint USDT units in and out.

export interface ClosedContractForIncome {
  /** USDT units, signed (≥ −margin). */
  pnl: bigint;
  openFee: bigint;
  closeFee: bigint;
  closedAt: Date;
}

export interface RealisedContract {
  /** USDT units, signed. */
  amount: bigint;
  at: Date;
}

export function contractRealised(orders: readonly ClosedContractForIncome[]): RealisedContract[] {
  return orders.map((o) => ({ amount: o.pnl - o.openFee - o.closeFee, at: o.closedAt }));
}
