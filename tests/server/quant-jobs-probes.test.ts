// The real health of the lab's services on the home page's status (job-probes.ts): `lab`,
// `backtest` and `optimise` read the queue table (lag of the oldest waiting job, claims stranded
// past their lease, the newest success against the newest failure of the service itself) and
// the runner's threads — and once the runner has started they are probed and listed by
// GET /system/status like every built service. PGlite.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Queryable } from "../../server/db/db";
import { quantJobProbes } from "../../server/domain/quant/jobs/job-probes";
import { startQuantJobs } from "../../server/domain/quant/jobs/start-quant-jobs";
import { ProbeRegistry } from "../../server/domain/status/probes";
import { readStatus } from "../../server/domain/status/read-status";
import { runProbeRound } from "../../server/domain/status/run-probes";
import { queueTestJob } from "./helpers/quant-jobs";
import { createUserSession } from "./helpers/sessions";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
let threadError: string | null = null;
const runner = { threadError: () => threadError };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let stop: (() => Promise<void>) | undefined;

beforeEach(async () => {
  await resetDb(getDb());
  threadError = null;
});

afterAll(async () => {
  await stop?.();
});

async function states() {
  const probes = quantJobProbes(getDb(), runner);
  return {
    lab: (await probes.lab()).state,
    backtest: (await probes.backtest()).state,
    optimise: (await probes.optimise()).state,
  };
}

/** A finished job of `kind` that ended `minutesAgo`, done or failed with `failure`. */
async function ended(
  db: Queryable,
  userId: string,
  kind: "backtest" | "optimisation",
  minutesAgo: number,
  failure: string | null,
) {
  const job = await queueTestJob(db, { userId }, "ok", kind);
  await db.query(
    `UPDATE quant_jobs SET status = $2, result = $3::jsonb, failure = $4,
            finished_at = now() - make_interval(mins => $5) WHERE id = $1`,
    [
      job.id,
      failure === null ? "done" : "failed",
      failure === null ? "{}" : null,
      failure,
      minutesAgo,
    ],
  );
}

describe("the lab services' status probes", () => {
  it("are up with an empty queue and working threads", async () => {
    expect(await states()).toEqual({ lab: "up", backtest: "up", optimise: "up" });
  });

  it("are down when the job threads cannot start", async () => {
    threadError = "Cannot find module";
    expect(await states()).toEqual({ lab: "down", backtest: "down", optimise: "down" });
  });

  it("judge each kind's queue lag: degraded after 2 minutes, down after 15", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    const waiting = await queueTestJob(db, { userId });
    expect(await states()).toEqual({ lab: "up", backtest: "up", optimise: "up" });
    await db.query(
      "UPDATE quant_jobs SET created_at = now() - interval '3 minutes' WHERE id = $1",
      [waiting.id],
    );
    expect(await states()).toEqual({ lab: "up", backtest: "degraded", optimise: "up" });
    await db.query(
      "UPDATE quant_jobs SET created_at = now() - interval '16 minutes' WHERE id = $1",
      [waiting.id],
    );
    expect(await states()).toEqual({ lab: "up", backtest: "down", optimise: "up" });
    const detail = (await quantJobProbes(db, runner).lab()).detail ?? "";
    expect(detail).toMatch(/backtest: oldest waits \d+ ms, no success yet/);
  });

  it("are degraded while a claim is stranded past its lease", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    await queueTestJob(db, { userId }, "ok", "optimisation");
    await db.query(
      `UPDATE quant_jobs SET status = 'running', locked_by = 'gone', started_at = now(),
              locked_until = now() - interval '1 second'`,
    );
    expect(await states()).toEqual({ lab: "up", backtest: "up", optimise: "degraded" });
  });

  it("are degraded when the newest end is a failure of the service, not of a job's input", async () => {
    const db = getDb();
    const { userId } = await createUserSession(db);
    await ended(db, userId, "backtest", 10, null);
    await ended(db, userId, "backtest", 5, "no-candles");
    expect((await states()).backtest).toBe("up");
    await ended(db, userId, "backtest", 3, "attempts-exhausted");
    expect((await states()).backtest).toBe("degraded");
    await ended(db, userId, "backtest", 1, null);
    expect((await states()).backtest).toBe("up");
    const detail = (await quantJobProbes(db, runner).backtest()).detail ?? "";
    expect(detail).toMatch(/last success \d{4}-.*, last service failure \d{4}-/);
  });

  it("are probed and listed by GET /system/status once the runner has started", async () => {
    const db = getDb();
    const registry = new ProbeRegistry();
    stop = await startQuantJobs({ db, config: { mode: "demo" }, log: silent, registry });
    expect(registry.keys()).toEqual(["lab", "backtest", "optimise"]);
    const at = new Date();
    await runProbeRound(db, registry, {}, () => at);
    const status = await readStatus(db, at);
    expect(status.services.map((s) => [s.key, s.state])).toEqual([
      ["lab", "up"],
      ["backtest", "up"],
      ["optimise", "up"],
    ]);
  });
});
