// POST /contract/orders/{id}/close: the owner closes an open position at market. The close walks
// the other side of the book (a long sells to the bids, a short buys from the asks) within spot's
// slippage cap, and ends through closePosition — the one close path the trigger worker uses too —
// which locks the row first: a close racing a liquidation ends with exactly one of them, and the
// loser changes nothing. Not idempotent by key (the route has none): a second close is a 409.
import type { ContractOrder } from "../../../protocol/contract";
import { marketFill } from "../../../protocol/spot-fill";
import type { Db } from "../../db/db";
import {
  findContractOrder,
  lockContractOrder,
  type ContractOrderRow,
} from "../../db/repositories/contract-order-repository";
import type { MarketFeed } from "../../market/market-feed";
import { DomainError, refusal } from "../errors";
import { assertTradable, takeSnapshot } from "../spot/market-snapshot";
import { MAX_SLIPPAGE } from "../spot/spot-config";
import { closePosition } from "./close-position";
import { rulesOf } from "./contract-order-view";
import { closingSide, fillRefused } from "./position-pricing";

export interface CloseContractOrderCommand {
  userId: string;
  id: string;
  /** The feed the app serves from (`app.market.feed`); undefined before the market runs. */
  feed: MarketFeed | undefined;
  now?: () => number;
}

export async function closeContractOrder(
  db: Db,
  command: CloseContractOrderCommand,
): Promise<ContractOrder> {
  const { feed, id, userId } = command;
  const now = command.now ?? Date.now;
  // Which book to read needs the symbol; the decision is taken again under the row lock below.
  const found = await findContractOrder(db, id);
  if (found?.user_id !== userId) throw notFound();
  const rules = rulesOf(found.symbol);
  const snapshot = takeSnapshot(feed, rules);
  // The close names the newest recorded tick (a foreign key): record it before the transaction.
  if (snapshot !== null) await feed?.flush();
  return db.transaction(async (tx) => {
    const row = await lockContractOrder(tx, id);
    if (row?.user_id !== userId) throw notFound();
    if (row.state !== 1) throw notOpen(row);
    assertTradable(snapshot, rules, now());
    const fill = marketFill(
      closingSide(row.direction),
      snapshot.units,
      BigInt(row.quantity),
      rules,
      MAX_SLIPPAGE,
    );
    if (fill.kind === "rejected") throw fillRefused(fill.refusal);
    const closed = await closePosition(tx, {
      id,
      reason: "user",
      price: fill.price,
      tickSeq: snapshot.tickSeq,
      atMs: now(),
    });
    // Under our own row lock nobody else can have closed it; kept for the rule's sake.
    if (closed.kind !== "closed") throw notOpen(closed.row ?? row);
    return closed.order;
  });
}

/** Another user's order is as absent as one that never existed. */
export function notFound(): DomainError {
  return refusal("NOT_FOUND", "No such contract order");
}

/** 409 for an order that is not an open position: still waiting, or already completed. */
export function notOpen(row: Pick<ContractOrderRow, "state" | "close_reason">): DomainError {
  if (row.state === 0) {
    return new DomainError(
      "CONFLICT",
      { conflict: "order-waiting" },
      "This order is still waiting to open; cancel it instead of closing it",
    );
  }
  return alreadyCompleted(row);
}

/** 409 naming how a completed order ended. */
export function alreadyCompleted(row: Pick<ContractOrderRow, "close_reason">): DomainError {
  const reason = row.close_reason ?? "user";
  const how: Record<typeof reason, string> = {
    user: "This position is already closed",
    "take-profit": "This position was already closed by its take-profit",
    "stop-loss": "This position was already closed by its stop-loss",
    liquidation: "This position was already liquidated",
    cancelled: "This order was already cancelled",
  };
  return new DomainError("CONFLICT", { conflict: "order-completed", reason }, how[reason]);
}
