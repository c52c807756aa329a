// GET /quant/plans and the daily plan backtests (plan-schedule.ts, plan-catalogue.ts), PGlite:
// no plan shows a backtest until one has run; the schedule queues one system job per offered plan
// with its current parameters and leverage, never twice while one is open or fresh, again after a
// day or at once when the parameters change; a finished job becomes the plan's backtest, whose
// figures are the job's own and whose job any signed-in user can read; a plan whose parameters
// changed since shows none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { QuantBacktest, QuantPlan } from "../../protocol/quant";
import { startJobRunner, type JobRunner } from "../../server/domain/quant/jobs/job-runner";
import { listPlans } from "../../server/domain/quant/jobs/plan-catalogue";
import { schedulePlanBacktests } from "../../server/domain/quant/jobs/plan-schedule";
import { acceptedData } from "./helpers/idempotent-post";
import { seedCandles } from "./helpers/quant-jobs";
import { bearer, createUserSession } from "./helpers/sessions";
import { useTestApp } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();
const app = useTestApp(getDb);
const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let runner: JobRunner | undefined;
let record: { firstMs: number; endMs: number };

beforeAll(async () => {
  // Two days of minutes: less than the 30 a plan's backtest asks for, so it covers what exists.
  record = await seedCandles(getDb(), "BTC/USDT", 2 * 1440);
  await seedCandles(getDb(), "ETH/USDT", 2 * 1440, 3_000);
});

afterAll(async () => {
  await runner?.stop();
});

async function plans(): Promise<QuantPlan[]> {
  const response = await app.inject({ method: "GET", url: `${API_BASE}/quant/plans` });
  return acceptedData<QuantPlan[]>(response, "plans");
}

async function allSettled(timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await getDb().query<{ open: number }>(
      "SELECT count(*)::int AS open FROM quant_jobs WHERE status IN ('queued', 'running')",
    );
    if (row?.open === 0) return;
    if (Date.now() > until) throw new Error(`${row?.open} jobs still open`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the plans' recorded backtests", () => {
  it("shows the catalogue with no backtest before one has run (public)", async () => {
    const listed = await plans();
    expect(listed.map((p) => p.id)).toEqual([
      "demo-10-minutes",
      "starter-trend",
      "steady-reversion",
      "range-grid",
      "multi-trend",
      "wide-grid",
    ]);
    expect(listed.every((p) => p.backtest === null)).toBe(true);
    expect(listed[0]).toMatchObject({
      minAmount: "10",
      maxAmount: "100",
      leverage: 1,
      tradingArea: ["BTC/USDT"],
      maxProfitRate: "0.05",
      durationMinutes: 10,
      durationHours: 10 / 60,
    });
    // Outside demo mode the demo-only plan is not offered.
    expect((await listPlans(getDb(), false)).map((p) => p.id)).not.toContain("demo-10-minutes");
  });

  it("queues one job per plan with its parameters and leverage, and none while they are open", async () => {
    const db = getDb();
    const queued = await schedulePlanBacktests(db, { demo: true });
    expect(queued).toHaveLength(6);
    expect(await schedulePlanBacktests(db, { demo: true })).toEqual([]);
    const jobs = await db.query<{ plan_id: string; input: Record<string, unknown> }>(
      "SELECT plan_id, input FROM quant_jobs ORDER BY plan_id",
    );
    const grid = jobs.find((j) => j.plan_id === "wide-grid");
    expect(grid?.input).toEqual({
      strategy: "grid",
      symbol: "BTC/USDT",
      interval: "1m",
      // The record holds two days: the backtest covers them, and says so.
      from: new Date(record.firstMs).toISOString(),
      to: new Date(record.endMs).toISOString(),
      params: { levels: 20, spacing: 0.01 },
      leverage: 3,
    });
  });

  it("shows each finished job's own figures; its job is readable by any signed-in user", async () => {
    runner = await startJobRunner({ db: getDb(), log: silent, pollMs: 50 });
    await allSettled();
    const listed = await plans();
    const user = await createUserSession(getDb());
    for (const plan of listed) {
      const backtest = plan.backtest;
      if (backtest === null) throw new Error(`${plan.id} shows no backtest`);
      const response = await app.inject({
        method: "GET",
        url: `${API_BASE}/quant/backtests/${backtest.backtestId}`,
        headers: bearer(user),
      });
      const job = acceptedData<QuantBacktest>(response, "plan backtest");
      expect(job).toMatchObject({ status: "done", strategy: plan.strategy, params: plan.params });
      expect(backtest).toEqual({
        from: job.from,
        to: job.to,
        returnRate: job.result?.returnRate,
        maxDrawdown: job.result?.maxDrawdown,
        trades: job.result?.trades,
        backtestId: job.id,
      });
      expect(job.result?.assumptions.leverage).toBe(plan.leverage);
    }
    // Fresh: nothing is due again before a day has passed.
    expect(await schedulePlanBacktests(getDb(), { demo: true })).toEqual([]);
  });

  it("hides a backtest of parameters the plan no longer runs, and queues the new ones at once", async () => {
    const db = getDb();
    await db.query(
      `UPDATE quant_plans SET params = '{"period": 30, "deviations": 2.5}' WHERE id = 'steady-reversion'`,
    );
    const changed = (await plans()).find((p) => p.id === "steady-reversion");
    expect(changed?.backtest).toBeNull();
    const queued = await schedulePlanBacktests(db, { demo: true });
    expect(queued).toHaveLength(1);
    await allSettled();
    const shown = (await plans()).find((p) => p.id === "steady-reversion");
    expect(shown?.backtest?.backtestId).toBe(queued[0]);
  });

  it("runs every plan's backtest again once the last one is a day old", async () => {
    // Stopped, so the new jobs stay open (and not due) for the second round.
    await runner?.stop();
    runner = undefined;
    const later = Date.now() + DAY + 60_000;
    expect(await schedulePlanBacktests(getDb(), { demo: true, now: later })).toHaveLength(6);
    expect(await schedulePlanBacktests(getDb(), { demo: true, now: later })).toEqual([]);
  });
});
