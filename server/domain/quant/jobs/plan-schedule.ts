// The daily plan backtests (issue 20 "Plans"): each offered plan's current parameters over the
// last PLAN_BACKTEST_DAYS of recorded candles, queued as a system job (owner: the plan) once the
// plan's newest one is a day old, or at once when the plan's strategy or parameters changed. When
// it is done it becomes the plan's recorded backtest (job-queue.ts), which GET /quant/plans shows.
// Whether one is due is read from the table, so a restart neither skips nor repeats a day.
//
// A plan may trade several symbols; its backtest runs on the first of its trading area, and the
// job (GET /quant/backtests/{id}) says which symbol and period it covers.
import type { Db } from "../../../db/db";
import { listQuantPlans, type QuantPlanRow } from "../../../db/repositories/quant-plan-repository";
import { recordedCandleRange } from "../../../db/repositories/candle-repository";
import {
  insertQuantJob,
  latestPlanJob,
  lockPlanForSchedule,
  type QuantJobRow,
} from "../../../db/repositories/quant-job-repository";
import { canonicalJson } from "../../idempotency/with-idempotency";
import { resolveParams, STRATEGIES } from "../strategies";
import { PLAN_BACKTEST_DAYS, PLAN_BACKTEST_EVERY_MS, PLAN_BACKTEST_INTERVAL } from "./job-config";
import type { BacktestInput } from "./job-input";
import { storedBacktestInput, type StoredBacktestInput } from "./job-view";
import { QUANT_JOB_CHANNEL } from "./submit-job";

const MINUTE = 60_000;
/** A failed plan backtest is tried again after an hour rather than a day. */
const RETRY_FAILED_MS = 3_600_000;

export interface ScheduleLog {
  warn(obj: object, msg: string): void;
}

/** Queues every due plan backtest; answers the ids queued. */
export async function schedulePlanBacktests(
  db: Db,
  options: { demo: boolean; now?: number; log?: ScheduleLog },
): Promise<string[]> {
  const now = options.now ?? Date.now();
  const queued: string[] = [];
  for (const plan of await listQuantPlans(db, options.demo)) {
    const input = await planBacktestInput(db, plan, now, options.log);
    if (input === null) continue;
    // At the plan's leverage: the figures are the plan's, not a 1× lab run's.
    const stored: StoredBacktestInput = { ...storedBacktestInput(input), leverage: plan.leverage };
    const id = await db.transaction(async (tx) => {
      await lockPlanForSchedule(tx, plan.id);
      if (!isDue(await latestPlanJob(tx, plan.id), stored, now)) return null;
      const row = await insertQuantJob(tx, {
        kind: "backtest",
        owner: { planId: plan.id },
        input: stored,
      });
      await tx.notify(QUANT_JOB_CHANNEL, [row.id]);
      return row.id;
    });
    if (id !== null) queued.push(id);
  }
  return queued;
}

/** The backtest a plan is due now, or null when the record cannot hold one yet. */
async function planBacktestInput(
  db: Db,
  plan: QuantPlanRow,
  now: number,
  log: ScheduleLog | undefined,
): Promise<BacktestInput | null> {
  const resolved = resolveParams(plan.strategy, plan.params);
  if (!resolved.ok) {
    log?.warn({ plan: plan.id, problems: resolved.problems }, "plan parameters do not run");
    return null;
  }
  const symbol = plan.tradingArea[0];
  if (symbol === undefined) return null;
  const range = await recordedCandleRange(db, symbol);
  if (range === null) return null;
  const toMs = Math.min(Math.floor(now / MINUTE) * MINUTE, range.lastMs + MINUTE);
  const fromMs = Math.max(toMs - PLAN_BACKTEST_DAYS * 86_400_000, range.firstMs);
  const warmUp = STRATEGIES[plan.strategy].warmUp(resolved.params);
  if ((toMs - fromMs) / MINUTE < warmUp + 2) return null;
  return {
    strategy: plan.strategy,
    symbol,
    interval: PLAN_BACKTEST_INTERVAL,
    fromMs,
    toMs,
    params: resolved.params,
  };
}

function isDue(latest: QuantJobRow | null, next: StoredBacktestInput, now: number): boolean {
  if (latest === null) return true;
  if (latest.status === "queued" || latest.status === "running") return false;
  if (!sameRun(latest.input as StoredBacktestInput, next)) return true;
  const age = now - latest.created_at.getTime();
  return age >= (latest.status === "failed" ? RETRY_FAILED_MS : PLAN_BACKTEST_EVERY_MS);
}

/** Whether a recorded backtest ran what the plan runs now (its period aside). */
export function sameRun(
  a: Omit<StoredBacktestInput, "from" | "to">,
  b: Omit<StoredBacktestInput, "from" | "to">,
): boolean {
  return (
    a.strategy === b.strategy &&
    a.symbol === b.symbol &&
    a.interval === b.interval &&
    (a.leverage ?? 1) === (b.leverage ?? 1) &&
    canonicalJson(a.params) === canonicalJson(b.params)
  );
}
