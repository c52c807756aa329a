// A waiting limit order (state 0) opens when the live book crosses its price: a long when the
// best ask is at or below it, a short when the best bid is at or above it (protocol/spot-fill.ts
// `crosses`, long as a buy, short as a sell). It opens at its own price — the liquidation price
// stored at placing was computed from that price — its frozen fee goes to fees (301) and its
// margin stays frozen as the position's. The row is locked first and must still be waiting, so a
// cancel racing a fill ends with exactly one of them.
import type { ContractOrder } from "../../../protocol/contract";
import { crosses } from "../../../protocol/spot-fill";
import type { Db } from "../../db/db";
import {
  lockContractOrder,
  markContractOpened,
  notifyContractOrder,
} from "../../db/repositories/contract-order-repository";
import { keepTicks } from "../../db/repositories/tick-repository";
import type { MarketSnapshot } from "../spot/market-snapshot";
import { recordContractOrder } from "./contract-order-view";
import { postLimitFill } from "./contract-postings";

export type WaitingFillOutcome =
  | { kind: "filled"; order: ContractOrder }
  /** Not waiting any more (cancelled or filled meanwhile), or no such order. */
  | { kind: "gone" }
  /** The book does not cross it (or is another symbol's): nothing happens. */
  | { kind: "not-crossing" };

/**
 * Opens the waiting order `id` on `snapshot`, whose tick must be recorded already (the caller
 * flushes the feed first): that tick is its opening tick, and only later ticks can trigger it.
 */
export async function fillWaitingOrder(
  db: Db,
  id: string,
  snapshot: MarketSnapshot,
  now: () => number = Date.now,
): Promise<WaitingFillOutcome> {
  return db.transaction(async (tx): Promise<WaitingFillOutcome> => {
    const row = await lockContractOrder(tx, id);
    if (row === null || row.state !== 0) return { kind: "gone" };
    if (row.symbol !== snapshot.symbol) return { kind: "not-crossing" };
    const side = row.direction === "long" ? "buy" : "sell";
    if (crosses(side, BigInt(row.price), snapshot.units) === undefined) {
      return { kind: "not-crossing" };
    }
    const transactionId = await postLimitFill(tx, {
      id: row.id,
      feeReservationId: row.fee_reservation_id,
    });
    await markContractOpened(tx, row.id, {
      atMs: now(),
      transactionId,
      tickSeq: snapshot.tickSeq,
    });
    await keepTicks(tx, row.symbol, [snapshot.tickSeq]);
    await notifyContractOrder(tx, row.id);
    return { kind: "filled", order: await recordContractOrder(tx, row.id) };
  });
}
