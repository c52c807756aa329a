// PUT /contract/orders/{id}/targets { takeProfit, stopLoss }: set or remove (null) the prices at
// which a recorded tick closes the position. Allowed while the order waits or is open, on the
// same rule as at placing (protocol/contract.ts targetProblem, against the entry and the
// liquidation price the row fixed). The row is locked first, so an edit racing a trigger either
// lands before it or finds the order completed (409). On a position the row records the newest
// tick of the symbol (targets_tick_seq): the new levels apply to the ticks after it, as
// protocol/contract.ts triggerAtTick says, and a trigger already checked against the old levels
// but not yet committed is dropped by closePosition (its levels no longer fire at that tick).
import type { ContractOrder, ContractTargetsRequest } from "../../../protocol/contract";
import type { Db, Queryable } from "../../db/db";
import {
  lockContractOrder,
  notifyContractOrder,
  setContractTargets as writeTargets,
} from "../../db/repositories/contract-order-repository";
import { readLastTicks } from "../../db/repositories/tick-repository";
import type { MarketFeed } from "../../market/market-feed";
import { alreadyCompleted, notFound } from "./close-order";
import { positionTerms } from "./close-position";
import { recordContractOrder, rulesOf } from "./contract-order-view";
import { parseTargetsInput } from "./order-input";
import { assertTargets } from "./position-pricing";

export async function setContractTargets(
  db: Db,
  command: {
    userId: string;
    id: string;
    body: Partial<Record<keyof ContractTargetsRequest, unknown>>;
    /** The feed the app serves from: its newest tick dates the change on a position. */
    feed: MarketFeed | undefined;
  },
): Promise<ContractOrder> {
  const { id, userId } = command;
  return db.transaction(async (tx) => {
    const row = await lockContractOrder(tx, id);
    if (row?.user_id !== userId) throw notFound();
    const rules = rulesOf(row.symbol);
    // The body is read against the order's symbol (its price step): after the owner check, so a
    // stranger learns nothing about an order from the refusal.
    const targets = parseTargetsInput(command.body, rules);
    if (row.state === 2) throw alreadyCompleted(row);
    assertTargets(positionTerms(row), targets, rules);
    const tickSeq =
      row.state === 1 ? await newestTick(tx, row.symbol, row.open_tick_seq, command.feed) : null;
    await writeTargets(tx, id, { ...targets, tickSeq });
    await notifyContractOrder(tx, id);
    return recordContractOrder(tx, id);
  });
}

/**
 * The newest tick of `symbol`: the feed's head (recorded or about to be, by the next flush), or
 * the newest recorded when no feed runs; never before the opening tick.
 */
async function newestTick(
  tx: Queryable,
  symbol: string,
  openTickSeq: string | null,
  feed: MarketFeed | undefined,
): Promise<bigint> {
  const head =
    feed?.headSeqs().get(symbol) ??
    (await readLastTicks(tx, [symbol])).map((t) => BigInt(t.seq))[0] ??
    0n;
  const open = BigInt(openTickSeq ?? "0");
  return head > open ? head : open;
}
