// POST /quant/subscriptions/{id}/stop (no key: a second stop is a clean 409). The owner's running
// plan (404 NOT_FOUND for an unknown id or another user's) is first brought forward over every
// recorded tick, exactly as the runner would (a limit reached meanwhile ends it with that reason),
// then sold at the live book (plan-quotes.ts stopQuote: MARKET_STALE or the walk's refusal change
// nothing), unfrozen and booked: `stopped`, end reason "user". Already ended: 409 CONFLICT
// "plan-ended". The row lock makes a stop racing the delivery end the plan exactly once.
import type { QuantSubscription } from "../../../../protocol/quant";
import type { Db } from "../../../db/db";
import { findQuantSubscription } from "../../../db/repositories/quant-subscription-repository";
import type { MarketFeed } from "../../../market/market-feed";
import { conflict, refusal } from "../../errors";
import { liveQuote, stopQuote } from "./plan-quotes";
import { runSubscription, type StrategyLookup } from "./run-subscription";
import { toQuantSubscription } from "./subscription-view";

export interface StopCommand {
  userId: string;
  id: string;
  feed: MarketFeed | undefined;
  strategies: StrategyLookup;
  now?: () => number;
}

const notFound = (id: string) => refusal("NOT_FOUND", `No plan subscription ${id}`);

export async function stopSubscription(db: Db, command: StopCommand): Promise<QuantSubscription> {
  const { id, userId, feed } = command;
  if (!/^[1-9][0-9]{0,18}$/.test(id)) throw notFound(id);
  const now = command.now ?? Date.now;
  const owned = await findQuantSubscription(db, id);
  if (owned === null || owned.user_id !== userId) throw notFound(id);
  // A long backlog is run a page set per transaction; the stop lands once it is current.
  let endedNow = false;
  for (let round = 0; round < 20; round += 1) {
    const result = await db.transaction((tx) =>
      runSubscription(tx, id, {
        strategies: command.strategies,
        nowMs: now(),
        quote: liveQuote(feed, now()),
        pageSize: 2_000,
        stop: { quote: stopQuote(feed, now()) },
      }),
    );
    if (result.kind === "not-running") break;
    endedNow = result.ended;
    if (!result.more) break;
  }
  const row = await findQuantSubscription(db, id);
  if (row === null) throw notFound(id);
  if (row.status === "running") throw new Error(`plan ${id}: the stop did not end it`);
  // Ended by someone else first (the delivery, a limit, an earlier stop): nothing to stop. A
  // limit reached on the ticks this stop ran ends it with that reason, and that is the answer.
  if (!endedNow) {
    throw conflict(
      "plan-ended",
      `This plan has already ended (${row.end_reason ?? row.status}); nothing to stop`,
    );
  }
  return toQuantSubscription(row);
}
