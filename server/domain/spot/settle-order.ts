// The two ways a resting limit order ends: the matcher fills it when the book crosses it, or its
// owner cancels it (DELETE /spot/orders/{id}). Both lock the order row first and decide on its
// status inside the transaction that posts the money, so a cancel racing a fill ends with exactly
// one of them: the loser finds the order no longer open (cancel: 409; fill: skipped).
import type { SpotOrder } from "../../../protocol/spot";
import type { Db } from "../../db/db";
import {
  finishSpotOrder,
  insertSpotFill,
  lockSpotOrder,
  notifySpotOrder,
} from "../../db/repositories/spot-order-repository";
import { DomainError, refusal } from "../errors";
import { exchangeOf, type Side } from "../../../protocol/spot-rules";
import { crosses } from "../../../protocol/spot-fill";
import type { MarketSnapshot } from "./market-snapshot";
import { MAKER_FEE, spotRules } from "./spot-config";
import { recordSpotOrder } from "./spot-order-view";
import { postLimitFill, returnLimit } from "./spot-postings";

export async function cancelSpotOrder(db: Db, userId: string, id: string): Promise<SpotOrder> {
  return db.transaction(async (tx) => {
    const row = await lockSpotOrder(tx, id, userId);
    // Another user's order is as absent as one that never existed.
    if (row === null) throw refusal("NOT_FOUND", "No such order");
    if (row.status !== "open" || row.reservation_id === null) {
      throw new DomainError(
        "CONFLICT",
        {},
        `This order is already ${row.status}; only an open order can be cancelled`,
      );
    }
    await returnLimit(tx, {
      orderId: id,
      side: sideOf(row.side),
      reservationId: row.reservation_id,
    });
    await finishSpotOrder(tx, id, "cancelled");
    await notifySpotOrder(tx, id);
    return recordSpotOrder(tx, id);
  });
}

export type FillOutcome =
  | { kind: "filled"; order: SpotOrder }
  /** Not open any more (cancelled or filled meanwhile), or no such limit order. */
  | { kind: "gone" }
  /** The book does not cross it: an order is never filled on a price it did not reach. */
  | { kind: "not-crossing" };

/**
 * Fills an open limit order completely at its own price on `snapshot`, whose tick must be
 * recorded already (the matcher flushes the feed first). The maker fee comes out of the
 * reservation (buy) or the proceeds (sell); the reservation ends taking exactly what it froze.
 */
export async function fillLimitOrder(
  db: Db,
  id: string,
  snapshot: MarketSnapshot,
): Promise<FillOutcome> {
  return db.transaction(async (tx): Promise<FillOutcome> => {
    const row = await lockSpotOrder(tx, id);
    if (row?.status !== "open" || row.price === null || row.reservation_id === null) {
      return { kind: "gone" };
    }
    const rules = spotRules(row.symbol);
    if (rules === undefined || row.symbol !== snapshot.symbol) return { kind: "not-crossing" };
    const side = sideOf(row.side);
    const price = BigInt(row.price);
    const number = BigInt(row.number);
    const best = crosses(side, price, snapshot.units);
    if (best === undefined) return { kind: "not-crossing" };
    const exchange = exchangeOf(side, price, number, rules, MAKER_FEE);
    const posted = await postLimitFill(tx, {
      ...exchange,
      userId: row.user_id,
      orderId: id,
      base: row.base,
      side,
      number,
      reservationId: row.reservation_id,
    });
    await finishSpotOrder(tx, id, "filled");
    const level = (side === "buy" ? snapshot.asks : snapshot.bids)[0];
    await insertSpotFill(tx, {
      ...exchange,
      orderId: id,
      symbol: row.symbol,
      price,
      number,
      liquidity: "maker",
      depthSeq: snapshot.depthSeq,
      tickSeq: snapshot.tickSeq,
      bookAtMs: snapshot.bookAtMs,
      levels: level === undefined ? [] : [level],
      transactionId: posted.transactionId,
    });
    await notifySpotOrder(tx, id);
    return { kind: "filled", order: await recordSpotOrder(tx, id) };
  });
}

function sideOf(side: 0 | 1): Side {
  return side === 0 ? "buy" : "sell";
}
