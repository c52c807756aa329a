// The live plan runner (workers.ts starts it in the leading process, after the contract worker):
// every running subscription is brought forward over the recorded ticks after its cursors
// (run-subscription.ts, one transaction per subscription and page) after each committed flush
// of the feed, on a new subscription (PLAN_CHANNEL), and on a timer (a plan whose delivery time
// passes while its symbols record nothing is still delivered). Restart safety: start resolves
// only after a first pass over every running subscription, so the ticks recorded while no
// runner ran are run in order, and plans past their delivery time are delivered, before the
// feed is followed. Exactly once: each change locks the row and checks it still runs.
import type { Db } from "../../../db/db";
import { runningQuantSubscriptionIds } from "../../../db/repositories/quant-subscription-repository";
import type { AttachedFeed } from "../../../market/attached-feed";
import type { DomainLogger } from "../../logger";
import { createErrorThrottle } from "../../spot/error-throttle";
import { liveQuote } from "./plan-quotes";
import { runSubscription, type StrategyLookup } from "./run-subscription";
import { PLAN_CHANNEL } from "./subscribe";

export interface PlanRunnerOptions {
  db: Db;
  market: AttachedFeed;
  log: Pick<DomainLogger, "info" | "error">;
  strategies: StrategyLookup;
  /** How often every running plan is run whatever was heard (default 1 s). */
  timerMs?: number;
  /** Ticks read per symbol per transaction (default 2,000). */
  pageSize?: number;
  /**
   * Crash tests only (QUANTA_TEST_PLAN_PAUSE_MS, demo): one page of 40 ticks per transaction and
   * this pause after each, so a SIGKILL lands in the middle of a plan's backlog. Default 0.
   */
  pauseMs?: number;
  now?: () => number;
}

export interface PlanRunner {
  /** Resolves once nothing is running or due. */
  settled(): Promise<void>;
  /** Plans ended by this runner since start. */
  ended(): number;
  stop(): Promise<void>;
}

const TIMER_MS = 1_000;

export async function startPlanRunner(options: PlanRunnerOptions): Promise<PlanRunner> {
  const { db, market, log } = options;
  const now = options.now ?? Date.now;
  const pause = options.pauseMs ?? 0;
  const pageSize = pause > 0 ? 40 : (options.pageSize ?? 2_000);
  const maxPages = pause > 0 ? 1 : 50;
  let stopped = false;
  let due = false;
  let endedTotal = 0;
  let running: Promise<void> | null = null;
  const errors = createErrorThrottle((err, held) =>
    log.error(
      { err, held },
      `quant plan runner failed; retrying${held > 0 ? ` (${held} more failures held back)` : ""}`,
    ),
  );

  const runOne = async (id: string) => {
    for (;;) {
      if (stopped) return;
      const result = await db.transaction((tx) =>
        runSubscription(tx, id, {
          strategies: options.strategies,
          nowMs: now(),
          quote: liveQuote(market.feed, now()),
          pageSize,
          maxPages,
        }),
      );
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
      if (result.kind === "not-running") return;
      if (result.ended) endedTotal += 1;
      if (result.strategyFailure !== undefined) {
        log.error({ err: result.strategyFailure, id }, "quant plan ended: its strategy failed");
      }
      if (!result.more) return;
    }
  };

  const pass = async () => {
    for (const id of await runningQuantSubscriptionIds(db)) {
      if (stopped) return;
      try {
        await runOne(id);
      } catch (err) {
        // One plan failing (logged, a line a minute) must not hold up the others.
        errors.report(id, err);
      }
    }
  };

  const kick = () => {
    due = true;
    if (running !== null || stopped) return;
    running = (async () => {
      while (due && !stopped) {
        due = false;
        try {
          await pass();
        } catch (err) {
          errors.report("pass", err);
          break;
        }
      }
    })().finally(() => {
      running = null;
    });
  };

  const settled = async () => {
    while (running !== null) await running;
  };

  const unlisten = await db.listen(PLAN_CHANNEL, () => kick(), { onReconnect: kick });
  // Restart safety: everything recorded since the cursors is run before the feed is followed.
  kick();
  await settled();
  if (endedTotal > 0)
    log.info({ ended: endedTotal }, `plan runner: ${endedTotal} plans ended on start`);

  let stopFeed: (() => void) | undefined;
  const follow = () => {
    stopFeed?.();
    stopFeed = market.feed?.onFlushed(() => kick());
  };
  follow();
  const stopFollowing = market.onChange(follow);
  const timer = setInterval(kick, options.timerMs ?? TIMER_MS);
  timer.unref();

  return {
    settled,
    ended: () => endedTotal,
    async stop() {
      clearInterval(timer);
      stopFollowing();
      stopFeed?.();
      stopped = true;
      await unlisten();
      await settled();
    },
  };
}
