// The lab's job queue (domain/quant/jobs): claims take the oldest due job under a lease, a claim
// whose lease ran out is taken again and can no longer write, attempts are bounded, every state
// change of a user's job is in their change log (data = the GET answer), and a plan's finished
// job becomes the plan's recorded backtest; a job's candles, read as text and folded in the
// thread, equal the market's SQL aggregation. PGlite here; concurrency on PostgreSQL in
// quant-jobs-postgres.test.ts.
import { beforeEach, describe, expect, it } from "vitest";
import {
  findQuantJob,
  renewQuantJobLease,
  type QuantJobRow,
} from "../../server/db/repositories/quant-job-repository";
import { INTERVAL_MS } from "../../protocol/market";
import { readCandles } from "../../server/db/repositories/candle-repository";
import { candleUnits } from "../../server/domain/quant/backtest/load-candles";
import { candlesOf, loadCandleChunks } from "../../server/domain/quant/jobs/job-candles";
import { MAX_ATTEMPTS } from "../../server/domain/quant/jobs/job-config";
import { spotRules } from "../../server/domain/spot/spot-config";
import {
  claimNextJob,
  finishJob,
  releaseJob,
  type ClaimedJob,
} from "../../server/domain/quant/jobs/job-queue";
import { toJobView } from "../../server/domain/quant/jobs/job-view";
import { queueTestJob, seedCandles } from "./helpers/quant-jobs";
import { createUserSession } from "./helpers/sessions";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();

beforeEach(async () => {
  await resetDb(getDb());
});

const claim = async (): Promise<ClaimedJob> => {
  const job = await claimNextJob(getDb());
  if (job === null) throw new Error("no job was due");
  return job;
};

const row = async (id: string): Promise<QuantJobRow> => {
  const found = await findQuantJob(getDb(), id);
  if (found === null) throw new Error(`job ${id} is gone`);
  return found;
};

/** The lease of every running job has run out (its worker died). */
const expireLeases = () =>
  getDb().query(
    "UPDATE quant_jobs SET locked_until = now() - interval '1 second' WHERE status = 'running'",
  );

/** The user's quant job entries in the change log, in order. */
function jobEntries(userId: string) {
  return getDb().query<{ entity: string; entity_id: string; data: unknown }>(
    `SELECT entity, entity_id, data FROM change_log
      WHERE user_id = $1 AND entity IN ('quant-backtest', 'quant-optimisation') ORDER BY seq`,
    [userId],
  );
}

describe("the quant job queue", () => {
  it("claims the oldest due job, leased and running, and nothing when none is due", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const first = await queueTestJob(db, { userId });
    const second = await queueTestJob(db, { userId }, "ok", "optimisation");
    const a = await claim();
    const b = await claim();
    expect([a.row.id, b.row.id]).toEqual([first.id, second.id]);
    expect(a.token).not.toBe(b.token);
    expect(a.row).toMatchObject({ status: "running", attempts: 1, locked_by: a.token });
    expect(a.row.locked_until?.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await claimNextJob(db)).toBeNull();
  });

  it("takes a job again once its lease ran out; the lapsed claim can neither renew nor finish", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const job = await queueTestJob(db, { userId });
    const lapsed = await claim();
    expect(await claimNextJob(db)).toBeNull();
    await expireLeases();
    const again = await claim();
    expect(again.row).toMatchObject({ id: job.id, attempts: 2 });
    expect(await renewQuantJobLease(db, job.id, lapsed.token, 60_000)).toBe(false);
    expect(await finishJob(db, lapsed, { result: { late: true } })).toBe(false);
    expect(await releaseJob(db, lapsed)).toBe(false);
    expect(await renewQuantJobLease(db, job.id, again.token, 60_000)).toBe(true);
    expect(await finishJob(db, again, { result: { on: "time" } })).toBe(true);
    expect(await row(job.id)).toMatchObject({
      status: "done",
      result: { on: "time" },
      locked_by: null,
      locked_until: null,
    });
  });

  it(`fails a job whose ${MAX_ATTEMPTS} claims all died (attempts-exhausted), in the user's log`, async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const job = await queueTestJob(db, { userId });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect((await claim()).row.attempts).toBe(attempt);
      await expireLeases();
    }
    expect(await claimNextJob(db)).toBeNull();
    const failed = await row(job.id);
    expect(failed).toMatchObject({ status: "failed", failure: "attempts-exhausted", attempts: 3 });
    expect(failed.finished_at).not.toBeNull();
    const last = (await jobEntries(userId)).at(-1);
    expect(last?.data).toEqual(JSON.parse(JSON.stringify(toJobView(failed))));
  });

  it("a dead thread's release counts the attempt; a stopping server's does not", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const job = await queueTestJob(db, { userId });
    expect(await releaseJob(db, await claim())).toBe(true);
    expect(await row(job.id)).toMatchObject({ status: "queued", attempts: 1, locked_by: null });
    expect(await releaseJob(db, await claim(), true)).toBe(true);
    expect(await row(job.id)).toMatchObject({ status: "queued", attempts: 1 });
  });

  it("logs each state change of a user's job as its GET answer, in order", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const job = await queueTestJob(db, { userId }, "ok", "optimisation");
    const claimed = await claim();
    await finishJob(db, claimed, { failure: "no-candles" });
    const entries = await jobEntries(userId);
    // queueTestJob writes the row only (submit-job.ts logs the queued state; quant-lab tests it).
    expect(
      entries.map((e) => [e.entity, e.entity_id, (e.data as { status: string }).status]),
    ).toEqual([
      ["quant-optimisation", job.id, "running"],
      ["quant-optimisation", job.id, "failed"],
    ]);
    expect(entries.at(-1)?.data).toEqual(JSON.parse(JSON.stringify(toJobView(await row(job.id)))));
    expect(entries.at(-1)?.data).toMatchObject({ failure: "no-candles", result: null, windows: 2 });
  });

  it("a plan's job logs nothing and, once done, becomes the plan's recorded backtest", async () => {
    const db = getDb();
    const job = await queueTestJob(db, { planId: "starter-trend" });
    const failed = await queueTestJob(db, { planId: "range-grid" });
    await finishJob(db, await claim(), { result: { returnRate: "0.01" } });
    await finishJob(db, await claim(), { failure: "no-candles" });
    const links = await db.query<{ id: string; backtest_job_id: string | null }>(
      "SELECT id, backtest_job_id::text FROM quant_plans WHERE id IN ('starter-trend', 'range-grid') ORDER BY id",
    );
    expect(links).toEqual([
      { id: "range-grid", backtest_job_id: null },
      { id: "starter-trend", backtest_job_id: job.id },
    ]);
    expect(failed.id).not.toBe(job.id);
    expect(await db.query("SELECT 1 FROM change_log")).toEqual([]);
  });

  it("refuses rows the queue must never hold (CHECK constraints)", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const bad = [
      `INSERT INTO quant_jobs (kind, input) VALUES ('backtest', '{}')`,
      `INSERT INTO quant_jobs (user_id, plan_id, kind, input) VALUES (${userId}, 'range-grid', 'backtest', '{}')`,
      `INSERT INTO quant_jobs (plan_id, kind, input) VALUES ('range-grid', 'optimisation', '{}')`,
      `INSERT INTO quant_jobs (user_id, kind, input, status) VALUES (${userId}, 'backtest', '{}', 'done')`,
      `INSERT INTO quant_jobs (user_id, kind, input, status) VALUES (${userId}, 'backtest', '{}', 'running')`,
    ];
    for (const sql of bad) await expect(db.query(sql), sql).rejects.toThrow();
  });

  it.each(["1m", "15m", "1h", "1d"] as const)(
    "loads %s candles that equal the market's own aggregation (GET /market/klines' rule)",
    async (interval) => {
      const db = getDb();
      const { endMs } = await seedCandles(db, "ETH/USDT", 3 * 1440 + 17, 3_000);
      const step = INTERVAL_MS[interval];
      const toMs = Math.floor(endMs / step) * step;
      const fromMs = toMs - 2 * 86_400_000;
      const rules = spotRules("ETH/USDT");
      if (rules === undefined) throw new Error("ETH/USDT is not listed");
      const chunks = await loadCandleChunks(db, { symbol: "ETH/USDT", fromMs, toMs });
      const loaded = candlesOf(chunks, "ETH/USDT", interval).map((c) => candleUnits(c, rules));
      const sql = (await readCandles(db, "ETH/USDT", step, fromMs, toMs)).map((c) =>
        candleUnits(c, rules),
      );
      expect(loaded).toEqual(sql);
      expect(loaded).toHaveLength((2 * 86_400_000) / step);
    },
  );
});
