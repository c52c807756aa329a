// The lab's job queue under real concurrency (PostgreSQL; DATABASE_URL): claims racing from
// several pools (several server processes) never take one job twice, and two runners — each its
// own pool and worker threads — compute each job exactly once (counted by the computation
// itself, in the threads), while a worker that dies mid-job leaves it to the other after the
// lease.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { migrate } from "../../server/db/migrate";
import { claimNextJob, finishJob } from "../../server/domain/quant/jobs/job-queue";
import { startJobRunner } from "../../server/domain/quant/jobs/job-runner";
import { ensureBaseline } from "../../server/domain/sync/baseline";
import { queueTestJob, TEST_COMPUTE } from "./helpers/quant-jobs";
import { createUserSession } from "./helpers/sessions";
import { describePostgres } from "./helpers/test-db";

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function allSettled(db: Db, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ open: number }>(
      "SELECT count(*)::int AS open FROM quant_jobs WHERE status IN ('queued', 'running')",
    );
    if (row?.open === 0) return;
    if (Date.now() > until) throw new Error(`${row?.open} jobs still open after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describePostgres("quant job queue concurrency", (pg) => {
  let pools: Db[] = [];
  const runLog = path.join(mkdtempSync(path.join(tmpdir(), "quant-jobs-")), "runs.log");

  beforeAll(async () => {
    await migrate(pg.db());
    pools = [pg.schema().open(), pg.schema().open(), pg.schema().open()];
    // The test compute module appends every job it computes here (threads share the env).
    process.env.QUANT_TEST_RUN_LOG = runLog;
  });

  afterAll(() => {
    delete process.env.QUANT_TEST_RUN_LOG;
  });

  it("claims racing from three pools take each of 60 jobs exactly once", async () => {
    const db = pg.db();
    const { userId } = await createUserSession(db);
    // As POST /quant/backtests leaves it: the user's change log started (its queued entry).
    await ensureBaseline(db, userId);
    const queued = [];
    for (let i = 0; i < 60; i++) queued.push((await queueTestJob(db, { userId })).id);
    const claimer = async (pool: Db) => {
      const taken: string[] = [];
      for (;;) {
        const job = await claimNextJob(pool);
        if (job === null) return taken;
        taken.push(job.row.id);
        expect(await finishJob(pool, job, { result: { by: taken.length } })).toBe(true);
      }
    };
    const taken = (await Promise.all(pools.flatMap((p) => [claimer(p), claimer(p)]))).flat();
    expect(taken.sort()).toEqual([...queued].sort());
    const [row] = await db.query<{ done: number; once: number }>(
      "SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE attempts = 1)::int AS once FROM quant_jobs",
    );
    expect(row).toEqual({ done: 60, once: 60 });
  });

  it("two runners with two threads each compute each of 24 jobs exactly once", async () => {
    const db = pg.db();
    await db.exec("TRUNCATE quant_jobs CASCADE");
    const { userId } = await createUserSession(db);
    await ensureBaseline(db, userId);
    const queued: string[] = [];
    for (let i = 0; i < 24; i++) queued.push((await queueTestJob(db, { userId }, "slow")).id);
    const [a, b] = pools;
    if (a === undefined || b === undefined) throw new Error("no pools");
    const runners = await Promise.all(
      [a, b].map((pool) =>
        startJobRunner({
          db: pool,
          log: silent,
          threads: 2,
          computeModule: TEST_COMPUTE,
          pollMs: 50,
        }),
      ),
    );
    try {
      await allSettled(db, 60_000);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const runs = readFileSync(runLog, "utf8").trim().split("\n");
    expect(runs.sort()).toEqual([...queued].sort());
    const [row] = await db.query<{ done: number }>(
      "SELECT count(*)::int AS done FROM quant_jobs WHERE status = 'done' AND attempts = 1",
    );
    expect(row?.done).toBe(24);
  });

  it("a job whose process died is computed by another once its lease ran out", async () => {
    const db = pg.db();
    await db.exec("TRUNCATE quant_jobs CASCADE");
    const { userId } = await createUserSession(db);
    const job = await queueTestJob(db, { userId });
    const [dead, alive] = pools;
    if (dead === undefined || alive === undefined) throw new Error("no pools");
    // Claimed by a process that dies at once: it never renews or finishes.
    const lost = await claimNextJob(dead, { leaseMs: 800, maxAttempts: 3 });
    expect(lost?.row.id).toBe(job.id);
    const runner = await startJobRunner({
      db: alive,
      log: silent,
      computeModule: TEST_COMPUTE,
      pollMs: 50,
    });
    try {
      await allSettled(db, 20_000);
    } finally {
      await runner.stop();
    }
    const [row] = await db.query<{ status: string; attempts: number }>(
      "SELECT status, attempts FROM quant_jobs WHERE id = $1",
      [job.id],
    );
    expect(row).toEqual({ status: "done", attempts: 2 });
    if (lost !== null) expect(await finishJob(dead, lost, { result: { late: true } })).toBe(false);
  });
});
