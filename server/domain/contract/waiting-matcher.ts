// The contract worker's book-driven part: on every book change of a symbol it opens the waiting
// limit orders (state 0) the new book crosses (fill-waiting.ts), like the spot matcher does for
// resting spot orders. The worker (contract-worker.ts) tells it which orders wait; one round
// per symbol runs at a time, and a book arriving meanwhile runs one more round on the newest book.
import type { Side } from "../../../protocol/spot-rules";
import { crosses } from "../../../protocol/spot-fill";
import type { Db } from "../../db/db";
import type { MarketFeed } from "../../market/market-feed";
import type { DomainLogger } from "../logger";
import { createErrorThrottle } from "../spot/error-throttle";
import { takeSnapshot } from "../spot/market-snapshot";
import { spotRules } from "../spot/spot-config";
import { fillWaitingOrder } from "./fill-waiting";
import { compareIds } from "./trigger-index";

export interface WaitingMatcher {
  track(o: { id: string; symbol: string; direction: "long" | "short"; price: string }): void;
  untrack(id: string): void;
  isWaiting(id: string): boolean;
  /** A book of `symbol` changed (or the feed did): a round is due. */
  schedule(symbol: string): void;
  follow(feed: MarketFeed | undefined): void;
  settled(): Promise<void>;
  stop(): Promise<void>;
}

interface Waiting {
  side: Side;
  /** USDT units per whole base coin: the order's own price. */
  price: bigint;
}

export function createWaitingMatcher(options: {
  db: Db;
  log: Pick<DomainLogger, "error">;
  /** Told of each order it opened (the worker watches it from then on). */
  onFilled: (id: string) => void;
}): WaitingMatcher {
  const { db, log } = options;
  const waiting = new Map<string, Map<string, Waiting>>();
  const rounds = new Map<string, Promise<void>>();
  const due = new Set<string>();
  let feed: MarketFeed | undefined;
  let stopped = false;
  const fillErrors = createErrorThrottle((err, held) =>
    log.error(
      { err, held },
      `contract limit fill failed; retrying on the next book${held > 0 ? ` (${held} more failures held back)` : ""}`,
    ),
  );

  const untrack = (id: string) => {
    for (const orders of waiting.values()) orders.delete(id);
    fillErrors.clear(id);
  };

  const matchSymbol = async (symbol: string) => {
    const rules = spotRules(symbol);
    const current = feed;
    const orders = waiting.get(symbol);
    if (rules === undefined || current === undefined || !orders?.size) return;
    const snapshot = takeSnapshot(current, rules);
    if (snapshot === null) return;
    const crossing = [...orders]
      .filter(([, o]) => crosses(o.side, o.price, snapshot.units) !== undefined)
      .map(([id]) => id)
      .sort(compareIds);
    if (crossing.length === 0) return;
    // The opening tick is the snapshot's: it must be recorded before the fills commit.
    await current.flush();
    for (const id of crossing) {
      if (stopped) return;
      try {
        const outcome = await fillWaitingOrder(db, id, snapshot);
        if (outcome.kind !== "not-crossing") untrack(id);
        if (outcome.kind === "filled") options.onFilled(id);
      } catch (err) {
        fillErrors.report(id, err);
      }
    }
  };

  const schedule = (symbol: string) => {
    if (stopped || !waiting.get(symbol)?.size) return;
    due.add(symbol);
    if (rounds.has(symbol)) return;
    const round = (async () => {
      while (due.delete(symbol) && !stopped) await matchSymbol(symbol);
    })()
      .catch((err: unknown) => log.error({ err }, "contract limit matcher failed; retrying"))
      .finally(() => {
        rounds.delete(symbol);
        if (due.has(symbol)) schedule(symbol);
      });
    rounds.set(symbol, round);
  };

  const settled = async () => {
    while (rounds.size > 0) await Promise.all(rounds.values());
  };

  return {
    track(o) {
      untrack(o.id);
      const orders = waiting.get(o.symbol) ?? new Map<string, Waiting>();
      orders.set(o.id, { side: o.direction === "long" ? "buy" : "sell", price: BigInt(o.price) });
      waiting.set(o.symbol, orders);
      schedule(o.symbol);
    },
    untrack,
    isWaiting: (id) => [...waiting.values()].some((orders) => orders.has(id)),
    schedule,
    follow(next) {
      feed = next;
      for (const symbol of waiting.keys()) schedule(symbol);
    },
    settled,
    async stop() {
      stopped = true;
      await settled();
    },
  };
}
