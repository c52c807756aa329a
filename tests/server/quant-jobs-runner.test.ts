// The job runner on real worker threads (PGlite): a queued job is computed on a thread and its
// result recorded; a job's own failure code fails it; a thread that dies puts the job back until
// its attempts are spent; a job past the time limit is stopped and failed; a runner stopped
// mid-job (a restart) gives the job back without counting the attempt, and the next runner
// finishes it; the event loop stays free while a thread computes.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findQuantJob, type QuantJobRow } from "../../server/db/repositories/quant-job-repository";
import { startJobRunner, type JobRunner } from "../../server/domain/quant/jobs/job-runner";
import { queueTestJob, TEST_COMPUTE } from "./helpers/quant-jobs";
import { createUserSession } from "./helpers/sessions";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
const runners: JobRunner[] = [];
const logged: string[] = [];
const log = {
  info: (_: object, msg: string) => void logged.push(msg),
  warn: (_: object, msg: string) => void logged.push(msg),
  error: (_: object, msg: string) => void logged.push(msg),
};

beforeEach(async () => {
  await resetDb(getDb());
  logged.length = 0;
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

async function runner(options: { maxRunMs?: number } = {}): Promise<JobRunner> {
  const started = await startJobRunner({
    db: getDb(),
    log,
    computeModule: TEST_COMPUTE,
    pollMs: 50,
    terms: { leaseMs: 5_000, maxAttempts: 3 },
    ...options,
  });
  runners.push(started);
  return started;
}

async function settled(id: string, timeoutMs = 20_000): Promise<QuantJobRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await findQuantJob(getDb(), id);
    if (row !== null && (row.status === "done" || row.status === "failed")) return row;
    if (Date.now() > until) throw new Error(`job ${id} still ${row?.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the quant job runner", () => {
  it("computes a queued job on a worker thread and records its result", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    await runner();
    const job = await queueTestJob(db, { userId });
    const done = await settled(job.id);
    expect(done).toMatchObject({ status: "done", attempts: 1, failure: null });
    expect(done.result).toEqual({ echo: job.input, candles: 0 });
  });

  it("fails a job with the code its computation gives", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    await runner();
    const job = await queueTestJob(db, { userId }, "fail");
    expect(await settled(job.id)).toMatchObject({
      status: "failed",
      failure: "no-candles",
      attempts: 1,
      result: null,
    });
  });

  it("retries a job whose thread died, then fails it attempts-exhausted; the next job runs", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    await runner();
    const dies = await queueTestJob(db, { userId }, "exit");
    const fine = await queueTestJob(db, { userId });
    // The third death releases the job with no attempt left; the next claim round fails it.
    const failed = await settled(dies.id);
    expect(failed).toMatchObject({ status: "failed", failure: "attempts-exhausted", attempts: 3 });
    expect(await settled(fine.id)).toMatchObject({ status: "done", attempts: 1 });
    expect(logged.filter((m) => m.includes("interrupted"))).toHaveLength(3);
  });

  it("stops a job past the time limit and fails it time-limit; the thread is replaced", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    // Long enough for a fresh thread (lowest priority, on a busy machine) to start and compute.
    await runner({ maxRunMs: 3_000 });
    const hangs = await queueTestJob(db, { userId }, "hang");
    const fine = await queueTestJob(db, { userId });
    expect(await settled(hangs.id)).toMatchObject({ status: "failed", failure: "time-limit" });
    expect(await settled(fine.id)).toMatchObject({ status: "done" });
  });

  it("keeps the event loop free while a thread computes", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    await runner();
    const job = await queueTestJob(db, { userId }, "hang");
    for (let i = 0; i < 200 && (await findQuantJob(db, job.id))?.status !== "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await findQuantJob(db, job.id))?.status).toBe("running");
    // The thread now spins for good; a timer on this loop keeps firing meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 300));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    clearInterval(timer);
    // A blocked loop would tick once or not at all; a free one up to 100 times (fewer on a
    // loaded machine).
    expect(ticks).toBeGreaterThan(20);
  });

  it("restart: a stopped runner gives its job back uncounted, and the next one finishes it", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const first = await runner();
    const job = await queueTestJob(db, { userId }, "slow");
    for (let i = 0; i < 100 && (await findQuantJob(db, job.id))?.status !== "running"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.stop();
    expect(await findQuantJob(db, job.id)).toMatchObject({ status: "queued", attempts: 0 });
    await runner();
    expect(await settled(job.id)).toMatchObject({ status: "done", attempts: 1 });
  });
});
