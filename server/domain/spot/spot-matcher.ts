// The limit-order matcher (workers.ts starts it in the leading process): on every book change
// of a symbol it fills the resting orders the new book crosses. It keeps the open orders in
// memory, loaded from the database on start (so a restart matches them again) and kept current
// by SPOT_CHANNEL, which every committed placement, fill and cancel notifies, in this process or
// another. A round per symbol runs at a time; a book arriving meanwhile runs one more round on the
// newest book.
import type { Db } from "../../db/db";
import {
  openSpotOrders,
  SPOT_CHANNEL,
  type OpenSpotOrder,
} from "../../db/repositories/spot-order-repository";
import type { AttachedFeed } from "../../market/attached-feed";
import type { MarketFeed } from "../../market/market-feed";
import { createErrorThrottle } from "./error-throttle";
import { type Side } from "../../../protocol/spot-rules";
import { crosses } from "../../../protocol/spot-fill";
import { takeSnapshot } from "./market-snapshot";
import { fillLimitOrder } from "./settle-order";
import { spotRules } from "./spot-config";
import type { DomainLogger } from "../logger";

export interface SpotMatcherOptions {
  db: Db;
  /** `app.market`: the matcher follows whichever feed is attached. */
  market: AttachedFeed;
  log: Pick<DomainLogger, "error">;
  /** How often open orders are read again whatever was heard (default 30 s). */
  reconcileMs?: number;
  /**
   * Crash tests only (QUANTA_TEST_FILL_PAUSE_MS, demo mode): a pause after each fill, so a SIGKILL
   * can land between two fills of one round. Default 0.
   */
  pauseBetweenFillsMs?: number;
}

export interface SpotMatcher {
  /** Resolves once no round is running or due (tests step the market, then wait for this). */
  settled(): Promise<void>;
  /** Whether the matcher holds this order as resting (it heard of it and has not filled it). */
  isOpen(id: string): boolean;
  stop(): Promise<void>;
}

/** How often the open orders are read again from the database, whatever was heard. */
const RECONCILE_MS = 30_000;

interface Resting {
  side: Side;
  /** USDT units per whole base coin. */
  price: bigint;
}

export async function startSpotMatcher(options: SpotMatcherOptions): Promise<SpotMatcher> {
  const { db, market, log } = options;
  const open = new Map<string, Map<string, Resting>>();
  const rounds = new Map<string, Promise<void>>();
  const due = new Set<string>();
  let feed: MarketFeed | undefined;
  let stopBook: (() => void) | undefined;
  let stopped = false;
  const report = (err: unknown) =>
    log.error({ err }, "spot matcher failed; retrying on the next book");
  // A fill that fails is tried again on every book: one line per order per minute is enough.
  const fillErrors = createErrorThrottle((err, held) =>
    log.error(
      { err, held },
      `spot fill failed; retrying on the next book${held > 0 ? ` (${held} more failures held back)` : ""}`,
    ),
  );

  const track = (o: OpenSpotOrder) => {
    const orders = open.get(o.symbol) ?? new Map<string, Resting>();
    orders.set(o.id, { side: o.side === 0 ? "buy" : "sell", price: BigInt(o.price) });
    open.set(o.symbol, orders);
  };
  const untrack = (id: string) => {
    for (const orders of open.values()) orders.delete(id);
    fillErrors.clear(id);
  };

  const schedule = (symbol: string) => {
    if (stopped || !open.get(symbol)?.size) return;
    due.add(symbol);
    if (rounds.has(symbol)) return;
    const round = (async () => {
      while (due.delete(symbol) && !stopped) await matchSymbol(symbol);
    })()
      .catch(report)
      .finally(() => {
        rounds.delete(symbol);
        // A book that came between the loop's last check and now would otherwise be lost.
        if (due.has(symbol)) schedule(symbol);
      });
    rounds.set(symbol, round);
  };

  const matchSymbol = async (symbol: string) => {
    const rules = spotRules(symbol);
    const current = feed;
    const orders = open.get(symbol);
    if (rules === undefined || current === undefined || !orders?.size) return;
    const snapshot = takeSnapshot(current, rules);
    if (snapshot === null) return;
    const crossing = [...orders]
      .filter(([, o]) => crosses(o.side, o.price, snapshot.units) !== undefined)
      .map(([id]) => id)
      .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    if (crossing.length === 0) return;
    // The fills refer to the snapshot's tick: it must be recorded before they commit.
    await current.flush();
    for (const id of crossing) {
      if (stopped) return;
      try {
        const outcome = await fillLimitOrder(db, id, snapshot);
        if (outcome.kind !== "not-crossing") untrack(id);
        if (options.pauseBetweenFillsMs) await sleep(options.pauseBetweenFillsMs);
      } catch (err) {
        fillErrors.report(id, err);
      }
    }
  };

  const reloadAll = async () => {
    const rows = await openSpotOrders(db);
    open.clear();
    for (const row of rows) track(row);
    for (const symbol of open.keys()) schedule(symbol);
  };
  const reloadOne = async (id: string) => {
    const [row] = await openSpotOrders(db, id);
    if (row === undefined) untrack(id);
    else {
      track(row);
      schedule(row.symbol);
    }
  };

  const loads = new Set<Promise<void>>();
  const load = (work: Promise<void>) => {
    const tracked = work.catch(report).finally(() => loads.delete(tracked));
    loads.add(tracked);
  };
  // Listening first: an order committed while the start loads is then heard, not missed.
  const unlisten = await db.listen(
    SPOT_CHANNEL,
    (id) => {
      if (/^[1-9][0-9]{0,18}$/.test(id)) load(reloadOne(id));
    },
    { onReconnect: () => load(reloadAll()) },
  );
  const follow = (next: MarketFeed | undefined) => {
    stopBook?.();
    feed = next;
    stopBook = next?.onBookChange((book) => schedule(book.symbol));
    for (const symbol of open.keys()) schedule(symbol);
  };
  await reloadAll();
  follow(market.feed);
  const stopFollowing = market.onChange(follow);
  // Notifications are hints sent after commit (db.ts `notify`); one lost in a failure must not
  // leave an order resting unmatched until the next restart.
  const reconcile = setInterval(() => load(reloadAll()), options.reconcileMs ?? RECONCILE_MS);
  reconcile.unref();

  const settled = async () => {
    while (rounds.size > 0 || loads.size > 0) {
      await Promise.all([...rounds.values(), ...loads]);
    }
  };
  return {
    settled,
    isOpen: (id) => [...open.values()].some((orders) => orders.has(id)),
    async stop() {
      stopped = true;
      clearInterval(reconcile);
      stopFollowing();
      stopBook?.();
      await unlisten();
      await settled();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
