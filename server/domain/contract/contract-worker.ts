// The contract worker (workers.ts starts it in the leading process, after the spot matcher):
//   - triggers: every open position is held in memory in price-ordered lists (trigger-index.ts);
//     after each committed flush (MarketFeed.onFlushed) the recorded ticks after each symbol's
//     cursor are read in seq order and every position a tick reaches closes at that tick's price
//     through the one close path (trigger-run.ts, trigger-pass.ts);
//   - waiting limit orders open when the live book crosses them (waiting-matcher.ts);
//   - memory follows the record: CONTRACT_CHANNEL (every placement, fill, end and target change
//     notifies the order's id) reloads one order, a reconnect or the reconcile timer all of them.
// Restart safety: start resolves only after a first run from the stored cursors to the newest
// recorded ticks, so positions are checked against what was recorded while no worker ran, in
// order, before the feed is followed. All work on the record (reloads and runs) is one queue,
// run one step at a time.
import type { Db } from "../../db/db";
import {
  CONTRACT_CHANNEL,
  liveContractOrders,
  type ContractOrderRow,
} from "../../db/repositories/contract-order-repository";
import {
  readTriggerCursors,
  startTriggerCursor,
} from "../../db/repositories/contract-trigger-repository";
import { readLastTicks } from "../../db/repositories/tick-repository";
import type { AttachedFeed } from "../../market/attached-feed";
import type { MarketFeed } from "../../market/market-feed";
import { SYMBOLS } from "../../market/symbols";
import type { DomainLogger } from "../logger";
import { createErrorThrottle } from "../spot/error-throttle";
import { positionTerms, triggerStart } from "./close-position";
import { TriggerIndex, type WatchedPosition } from "./trigger-index";
import { commitCloses, CursorMovedError } from "./trigger-pass";
import { checkForward, checkLate, type RunContext } from "./trigger-run";
import { createWaitingMatcher } from "./waiting-matcher";

export interface ContractWorkerOptions {
  db: Db;
  /** `app.market`: the worker follows whichever feed is attached. */
  market: AttachedFeed;
  log: Pick<DomainLogger, "info" | "error">;
  /** How often every live order is read again whatever was heard (default 30 s). */
  reconcileMs?: number;
  /** Ticks read per page (default 2,000). */
  pageSize?: number;
  /** Closes per transaction (default 200). */
  maxClosesPerTx?: number;
  /**
   * Crash tests only (QUANTA_TEST_CONTRACT_PAUSE_MS, demo mode): one close per transaction and
   * this pause after each, so a SIGKILL lands between two. Default 0.
   */
  pauseAfterCloseMs?: number;
  now?: () => number;
}

export interface ContractWorker {
  /** Resolves once nothing is running or due (tests record ticks, then wait for this). */
  settled(): Promise<void>;
  /** Whether the worker holds this order (an open position or a waiting order). */
  watching(id: string): boolean;
  /** Positions closed by a trigger since start. */
  closed(): number;
  stop(): Promise<void>;
}

const RECONCILE_MS = 30_000;
/** Orders heard of read again at once (one query each). */
const RELOAD_WIDTH = 16;

export async function startContractWorker(options: ContractWorkerOptions): Promise<ContractWorker> {
  const { db, market, log } = options;
  const index = new TriggerIndex();
  /** Per symbol, the newest tick every held position was checked against (as committed). */
  let cursors = new Map<string, bigint>();
  /** Positions heard of after the cursor passed their opening tick. */
  const late = new Set<string>();
  let closedTotal = 0;
  let stopped = false;
  let stopFeed: (() => void) | undefined;

  const heard = new Set<string>();
  let reloadAllDue = false;
  let runDue = false;
  let running: Promise<void> | null = null;

  const throttled = (what: string) =>
    createErrorThrottle((err, held) =>
      log.error({ err, held }, `${what}${held > 0 ? ` (${held} more failures held back)` : ""}`),
    );
  const stepErrors = throttled("contract worker failed; retrying on the next flush");
  const closeErrors = throttled(
    "contract trigger close failed; retried when the position is read again",
  );
  const matcher = createWaitingMatcher({
    db,
    log,
    onFilled: (id) => hear(id),
  });
  const pause = options.pauseAfterCloseMs ?? 0;
  const ctx: RunContext = {
    db,
    index,
    now: options.now ?? Date.now,
    pageSize: options.pageSize ?? 2_000,
    maxClosesPerTx: pause > 0 ? 1 : (options.maxClosesPerTx ?? 200),
    pauseAfterCloseMs: pause,
    stopping: () => stopped,
    onClosed: (n) => (closedTotal += n),
    onCloseFailed: (id, err) => closeErrors.report(id, err),
  };

  const watched = (row: ContractOrderRow): WatchedPosition => ({
    id: row.id,
    symbol: row.symbol,
    terms: positionTerms(row),
    ...triggerStart(row),
  });

  /** Holds the order as its row says (a position new to it before the cursor is late). */
  const track = (row: ContractOrderRow) => {
    if (row.state === 0) {
      index.remove(row.id);
      matcher.track(row);
      return;
    }
    matcher.untrack(row.id);
    const isNew = !index.has(row.id);
    const position = watched(row);
    index.put(position);
    const cursor = cursors.get(row.symbol);
    if (isNew && cursor !== undefined && position.openTickSeq < cursor) late.add(row.id);
  };
  const untrack = (id: string) => {
    index.remove(id);
    matcher.untrack(id);
    late.delete(id);
  };

  const reloadAll = async () => {
    cursors = await readTriggerCursors(db);
    const rows = await liveContractOrders(db);
    const live = new Set(rows.map((r) => r.id));
    for (const id of [...late]) if (!live.has(id)) late.delete(id);
    for (const p of SYMBOLS) {
      for (const held of index.positionsOf(p.symbol)) if (!live.has(held.id)) untrack(held.id);
    }
    for (const row of rows) track(row);
  };
  const reloadOne = async (id: string) => {
    const [row] = await liveContractOrders(db, id);
    if (row === undefined) untrack(id);
    else track(row);
  };

  const runSymbols = async () => {
    const heads = new Map(
      (
        await readLastTicks(
          db,
          SYMBOLS.map((s) => s.symbol),
        )
      ).map((t) => [t.symbol, BigInt(t.seq)]),
    );
    const idle: { symbol: string; from: bigint; to: bigint }[] = [];
    for (const [symbol, head] of heads) {
      if (stopped) return;
      let cursor = cursors.get(symbol);
      if (cursor === undefined) {
        const start = await db.transaction((tx) => startTriggerCursor(tx, symbol));
        cursors.set(symbol, start);
        cursor = start;
        // Positions heard of before the cursor existed may have opened before where it starts.
        for (const p of index.positionsOf(symbol)) if (p.openTickSeq < start) late.add(p.id);
      }
      const lateHere = [...late]
        .map((id) => index.get(id))
        .filter((p): p is WatchedPosition => p?.symbol === symbol);
      await checkLate(ctx, symbol, lateHere, cursor);
      for (const p of lateHere) late.delete(p.id);
      if (head <= cursor) continue;
      if (!index.watches(symbol)) {
        idle.push({ symbol, from: cursor, to: head });
        continue;
      }
      await checkForward(ctx, symbol, cursor, head, (seq) => cursors.set(symbol, seq));
    }
    // Symbols nobody holds a position on: their cursors move together, in one statement.
    await commitCloses(db, [], idle, ctx.now);
    for (const m of idle) cursors.set(m.symbol, m.to);
  };

  // Runs come before reloads of heard orders: a flush's ticks must not wait behind a burst of
  // placements (a position heard after the run is late, and checked by the next one).
  const step = async () => {
    if (reloadAllDue) {
      reloadAllDue = false;
      await reloadAll();
    } else if (runDue) {
      runDue = false;
      try {
        await runSymbols();
      } catch (err) {
        if (!(err instanceof CursorMovedError)) throw err;
        // Another worker checked these ticks first: take its cursors and positions, go on.
        log.info({ symbols: err.symbols }, err.message);
        reloadAllDue = true;
        runDue = true;
      }
    } else if (heard.size > 0) {
      const ids = [...heard];
      heard.clear();
      for (let i = 0; i < ids.length; i += RELOAD_WIDTH) {
        await Promise.all(ids.slice(i, i + RELOAD_WIDTH).map(reloadOne));
      }
      runDue = true;
    }
  };
  const kick = () => {
    if (running !== null || stopped) return;
    running = (async () => {
      while (!stopped && (reloadAllDue || heard.size > 0 || runDue)) {
        try {
          await step();
        } catch (err) {
          // The index may have let go of positions whose closes did not commit: everything is
          // read again first, at the next flush, notification or reconcile — not in a loop here.
          reloadAllDue = true;
          stepErrors.report("step", err);
          break;
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  function hear(id: string) {
    heard.add(id);
    kick();
  }
  const everything = () => {
    reloadAllDue = true;
    runDue = true;
    kick();
  };

  const unlisten = await db.listen(
    CONTRACT_CHANNEL,
    (id) => {
      if (/^[1-9][0-9]{0,18}$/.test(id)) hear(id);
    },
    { onReconnect: everything },
  );
  const settled = async () => {
    for (;;) {
      if (running !== null) {
        await running;
        continue;
      }
      await matcher.settled();
      if (running === null) return;
    }
  };
  // Restart safety: everything recorded after the cursors is checked before the feed is followed.
  everything();
  await settled();
  if (closedTotal > 0) {
    log.info({ closed: closedTotal }, `contract worker: ${closedTotal} positions closed on start`);
  }

  const follow = (next: MarketFeed | undefined) => {
    stopFeed?.();
    matcher.follow(next);
    const offFlush = next?.onFlushed(() => {
      runDue = true;
      kick();
    });
    const offBook = next?.onBookChange((book) => matcher.schedule(book.symbol));
    stopFeed = () => {
      offFlush?.();
      offBook?.();
    };
  };
  follow(market.feed);
  const stopFollowing = market.onChange(follow);
  const reconcile = setInterval(everything, options.reconcileMs ?? RECONCILE_MS);
  reconcile.unref();

  return {
    settled,
    watching: (id) => index.has(id) || matcher.isWaiting(id),
    closed: () => closedTotal,
    async stop() {
      clearInterval(reconcile);
      stopFollowing();
      stopFeed?.();
      stopped = true;
      await unlisten();
      await matcher.stop();
      await settled();
    },
  };
}
