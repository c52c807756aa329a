// The options settlement worker (workers.ts starts it in the leading process, after the spot
// matcher). It settles each open option once its exit is known, from the record only:
//   - driven by the feed: after each committed flush (MarketFeed.onFlushed), every open order of
//     a symbol that now has a recorded tick with ts > expiresAt — nothing later can change its
//     window, since a symbol's chain never goes back in time;
//   - by a timer, for a feed that is down or silent: once the feed's pending ticks are flushed,
//     an order expired more than `graceMs` ago settles from what is recorded (void when its window
//     holds no tick);
//   - on start, before anything else, every order the record says is due (restart safety).
// Passes run one at a time; a flush arriving during one widens the next. Batches lock their rows,
// so two settlers (two leaders for a moment, or a test's race) still settle each order once.
import type { Db } from "../../db/db";
import type { AttachedFeed } from "../../market/attached-feed";
import { MAX_TICK_LATENESS_MS, type FlushedBatch, type MarketFeed } from "../../market/market-feed";
import type { DomainLogger } from "../logger";
import { createErrorThrottle } from "../spot/error-throttle";
import type { SettlementCounts } from "./settle-batch";
import { settlePass } from "./settle-pass";

export interface OptionsSettlerOptions {
  db: Db;
  /** `app.market`: the settler follows whichever feed is attached. */
  market: AttachedFeed;
  log: Pick<DomainLogger, "info" | "error">;
  /** How long after expiry an order settles without a later tick (default 5 s). */
  graceMs?: number;
  /** How often the timer looks for overdue orders (default 1 s). */
  timerMs?: number;
  /** Orders per database transaction (default 500). */
  batchSize?: number;
  /** Batches in flight at once (default 4 on PostgreSQL, 1 on PGlite). */
  parallel?: number;
  now?: () => number;
  /**
   * Crash tests only (QUANTA_TEST_SETTLE_PAUSE_MS, demo mode): a pause after each batch, so a
   * SIGKILL can land between two batches of one pass. Default 0.
   */
  pauseAfterBatchMs?: number;
}

export interface OptionsSettler {
  /** Resolves once no pass is running or due (tests advance the feed, then wait for this). */
  settled(): Promise<void>;
  /** Everything settled since start, by result. */
  totals(): SettlementCounts & { settled: number };
  stop(): Promise<void>;
}

/**
 * How long after expiry the timer waits before settling from what is recorded. Longer than
 * MAX_TICK_LATENESS_MS (market-feed.ts): a late exchange tick is recorded no earlier than that
 * before its arrival, so none can land in a window after it settled this way.
 */
export const DEFAULT_GRACE_MS = MAX_TICK_LATENESS_MS + 3_000;

/**
 * What the next pass covers: open orders that expired before `expiredBeforeMs` (null: any) and
 * have a later tick recorded, and with `overdue` also those expired more than the grace ago.
 */
interface Due {
  expiredBeforeMs: number | null;
  overdue: boolean;
}

export async function startOptionsSettler(options: OptionsSettlerOptions): Promise<OptionsSettler> {
  const { db, market, log } = options;
  const now = options.now ?? Date.now;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const totals = { win: 0, lose: 0, tie: 0, void: 0, settled: 0 };
  let due: Due | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let feed: MarketFeed | undefined;
  let stopFlushes: (() => void) | undefined;
  const orderErrors = createErrorThrottle((err, held) =>
    log.error(
      { err, held },
      `option settlement failed; retrying on the next pass${held > 0 ? ` (${held} more failures held back)` : ""}`,
    ),
  );
  const passOptions = {
    batchSize: options.batchSize ?? 500,
    parallel: options.parallel ?? (db.kind === "postgres" ? 4 : 1),
    now,
    onOrderError: (id: string, err: unknown) => orderErrors.report(id, err),
    stopping: () => stopped,
    pauseAfterBatchMs: options.pauseAfterBatchMs ?? 0,
  };

  const runPass = async ({ expiredBeforeMs, overdue }: Due) => {
    let overdueAtMs: number | null = null;
    if (overdue) {
      // Taken before the flush: every tick accepted until now is then recorded, and a later one
      // carries a later time, so nothing can still join the window of an order this old.
      const at = now() - graceMs;
      try {
        await feed?.flush();
        overdueAtMs = at;
      } catch (err) {
        // The record may lack ticks the feed holds: only orders whose exit is recorded settle.
        log.error({ err }, "options settler: the feed could not flush; overdue orders wait");
      }
    }
    const pass = await settlePass(db, { expiredBeforeMs, overdueAtMs }, passOptions);
    totals.settled += pass.settled;
    for (const [result, n] of Object.entries(pass.counts)) {
      totals[result as keyof SettlementCounts] += n;
    }
  };

  const schedule = (next: Due) => {
    if (stopped) return;
    due =
      due === null
        ? next
        : {
            overdue: due.overdue || next.overdue,
            expiredBeforeMs:
              due.expiredBeforeMs === null || next.expiredBeforeMs === null
                ? null
                : Math.max(due.expiredBeforeMs, next.expiredBeforeMs),
          };
    if (running) return;
    running = (async () => {
      while (due !== null && !stopped) {
        const current: Due = due;
        due = null;
        await runPass(current).catch((err: unknown) =>
          log.error({ err }, "options settlement pass failed; retrying on the next"),
        );
      }
    })().finally(() => {
      running = null;
      // A flush heard between the loop's last check and now would otherwise wait for the next.
      const left: Due | null = due;
      due = null;
      if (left !== null) schedule(left);
    });
  };

  // The newest tick time any flush recorded: no order expiring later can have its exit yet.
  let newestTickMs = 0;
  const onFlushed = (batch: FlushedBatch) => {
    let newest: number | null = null;
    for (const tick of batch.ticks) newest = Math.max(newest ?? 0, tick.tsMs);
    if (newest === null) return;
    newestTickMs = Math.max(newestTickMs, newest);
    schedule({ expiredBeforeMs: newest, overdue: false });
  };
  const follow = (next: MarketFeed | undefined) => {
    stopFlushes?.();
    feed = next;
    stopFlushes = next?.onFlushed(onFlushed);
  };

  const settled = async () => {
    while (running !== null) await running;
  };
  // Restart safety: the first pass settles every order the record says is due, whatever its
  // expiry; flushes heard meanwhile only widen the pass after it.
  feed = market.feed;
  schedule({ expiredBeforeMs: null, overdue: true });
  follow(market.feed);
  const stopFollowing = market.onChange(follow);
  await settled();
  if (totals.settled > 0) {
    log.info({ ...totals }, `options settler: ${totals.settled} orders due on start settled`);
  }
  const timer = setInterval(
    () => schedule({ expiredBeforeMs: Math.max(now(), newestTickMs) + 1, overdue: true }),
    options.timerMs ?? 1_000,
  );
  timer.unref();
  return {
    settled,
    totals: () => ({ ...totals }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      stopFollowing();
      stopFlushes?.();
      await settled();
    },
  };
}
