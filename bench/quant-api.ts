// `benchQuantApi()` (issue 20: "API p99 for GET /market/tickers while two optimisations run, as a
// ratio to idle (goal ≤ 1.5)"): does the lab's work slow the API down? On the real app (PGlite in
// a temporary directory, as the app runs it; the simulated market with BENCH_BACKFILL_DAYS of
// history, default 30 as in the demo) and the real job runner (worker threads,
// BENCH_QUANT_THREADS, default the app's JOB_THREADS, 1), one client on a thread of its own
// (quant-api/ticker-client.mjs) sends GET /market/tickers back to back in alternating rounds:
// idle, and while a lab user on another thread (quant-api/job-client.mjs) keeps two walk-forward
// optimisations always in the queue (a new one as soon as one finishes; with one job thread, one
// computes while the other waits). Between the two, a floor phase: a real job thread computing
// backtests back to back with no lab job at all (quant-api/neighbour-compute.ts), so the machine
// is shared as in the loaded phase but nothing of the lab's queue, database work or polls runs.
// Printed: p50/p99 of each, the ratios to idle, and how many optimisations finished while
// measured. `BENCH_QUANT_API_DB=postgres` runs the app on PostgreSQL
// (DATABASE_URL, in a schema of its own, dropped afterwards) instead of PGlite: PGlite works on
// the API's own thread, PostgreSQL in its own processes (bench/README.md, quant).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import { API_BASE } from "../protocol/paths";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import type { Db } from "../server/db/db";
import { migrate } from "../server/db/migrate";
import { createPgliteDb } from "../server/db/pglite-db";
import { createPostgresDb } from "../server/db/postgres-db";
import { JOB_THREADS } from "../server/domain/quant/jobs/job-config";
import { JobThread } from "../server/domain/quant/jobs/job-thread-host";
import { startJobRunner } from "../server/domain/quant/jobs/job-runner";
import { startSimulatedMarket } from "../server/market/start-market";
import { createUserSession } from "../tests/server/helpers/sessions";
import { recordGoal } from "./goals";

const PHASE_MS = Number(process.env.BENCH_QUANT_API_MS ?? 12_000);
const BACKFILL_DAYS = Number(process.env.BENCH_BACKFILL_DAYS ?? 30);
const THREADS = Number(process.env.BENCH_QUANT_THREADS ?? JOB_THREADS);
const ROUNDS = 3;
const GOAL = 1.5;
const DAY = 86_400_000;
const ON_POSTGRES = process.env["BENCH_QUANT_API_DB"] === "postgres";
const DATABASE_URL = process.env["DATABASE_URL"] ?? "postgresql://postgres@127.0.0.1:5432/test";

/** The app's database: PGlite, or PostgreSQL in a fresh schema; `drop` closes and removes it. */
async function openDatabase(): Promise<{ db: Db; kind: string; drop: () => Promise<void> }> {
  if (!ON_POSTGRES) {
    // In a directory, as the app runs it (server/config.ts: DATA_DIR/pglite), not in memory:
    // PGlite's in-memory file system grows a table's file by copying all of it, on this thread.
    const dir = await mkdtemp(path.join(tmpdir(), "quanta-bench-quant-api-"));
    const db = await createPgliteDb({ dataDir: path.join(dir, "pglite") });
    return {
      db,
      kind: "PGlite (files)",
      drop: async () => {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `quanta_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = createPostgresDb({ url: DATABASE_URL, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = createPostgresDb({ url: DATABASE_URL, schema, max: 10 });
  return {
    db,
    kind: "PostgreSQL",
    drop: async () => {
      await db.close();
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const fmt = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (n=${times.length})`;

/** GET /market/tickers back to back for `ms`, from a thread of its own (quant-api/ticker-client.mjs). */
function tickerLatencies(base: string, ms: number): Promise<number[]> {
  const worker = new Worker(new URL("./quant-api/ticker-client.mjs", import.meta.url), {
    workerData: { url: `${base}${API_BASE}/market/tickers`, ms },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (times: number[]) => {
      resolve(times);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/**
 * Two optimisations queued or running until `stop()`, from a thread of its own
 * (quant-api/job-client.mjs); `stop()` answers how many finished.
 */
function keepTwoRunning(base: string, token: string): { stop: () => Promise<number> } {
  const to = Math.floor(Date.now() / 60_000) * 60_000;
  // 1m candles over the last 20 days (28 800 candles), four windows, every grid set fitted.
  const body = JSON.stringify({
    strategy: "trend-following",
    symbol: "BTC/USDT",
    interval: "1m",
    from: new Date(to - Math.min(20, BACKFILL_DAYS - 1) * DAY).toISOString(),
    to: new Date(to).toISOString(),
    windows: 4,
  });
  const worker = new Worker(new URL("./quant-api/job-client.mjs", import.meta.url), {
    workerData: { base: `${base}${API_BASE}`, token, body },
  });
  const finished = new Promise<number>((resolve, reject) => {
    worker.once("message", (count: number) => {
      resolve(count);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
  return {
    stop: () => {
      worker.postMessage("stop");
      return finished;
    },
  };
}

/** A job thread computing backtests back to back until `stop()`, which answers how many ran. */
function keepComputing(): { stop: () => Promise<number> } {
  const thread = new JobThread(new URL("./quant-api/neighbour-compute.ts", import.meta.url));
  let stopping = false;
  const task = {
    jobId: "neighbour",
    kind: "backtest" as const,
    input: { ms: 250 },
    candleChunks: [],
  };
  const ran = (async () => {
    let runs = 0;
    try {
      while (!stopping) {
        const outcome = await thread.run(task, { timeoutMs: 60_000 });
        if (!("result" in outcome)) throw new Error(`neighbour failed: ${outcome.detail}`);
        runs += outcome.result as number;
      }
    } finally {
      await thread.close();
    }
    return runs;
  })();
  return {
    stop: () => {
      stopping = true;
      return ran;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

export async function benchQuantApi(): Promise<void> {
  const { db, kind, drop } = await openDatabase();
  let app: FastifyInstance | undefined;
  const config = loadConfig({
    QUANTA_MODE: "demo",
    APP_DIST_DIR: "/nonexistent",
    LOG_LEVEL: "silent",
  });
  try {
    await migrate(db);
    const market = await startSimulatedMarket(db, {
      ...config.market,
      seed: "bench-quant-api",
      backfillDays: BACKFILL_DAYS,
    });
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const runner = await startJobRunner({ db, log: silent, threads: THREADS });
    try {
      app = await buildApp({
        config,
        db,
        logger: false,
        rateLimit: { max: 1e9, timeWindowMs: 60_000 },
      });
      app.market.attach(market.feed);
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const { token } = await createUserSession(db);
      await tickerLatencies(base, 1_000); // warm-up

      // Idle, beside and loaded alternate in short rounds, so the machine's other work weighs on
      // all three.
      const idle: number[] = [];
      const beside: number[] = [];
      const loaded: number[] = [];
      let finished = 0;
      let backtests = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        idle.push(...(await tickerLatencies(base, PHASE_MS / ROUNDS)));
        const computing = keepComputing();
        await settle(); // the thread starts (tsx, the candles) before the measuring does
        beside.push(...(await tickerLatencies(base, PHASE_MS / ROUNDS)));
        backtests += await computing.stop();
        const working = keepTwoRunning(base, token);
        // The first job's candles load and its thread starts before the measuring does.
        await settle();
        loaded.push(...(await tickerLatencies(base, PHASE_MS / ROUNDS)));
        finished += await working.stop();
      }
      for (const list of [idle, beside, loaded]) list.sort((a, b) => a - b);
      const ratio = percentile(loaded, 99) / percentile(idle, 99);
      const floor = percentile(beside, 99) / percentile(idle, 99);
      const goal = recordGoal({
        figure: "quant-api: GET /market/tickers p99, two optimisations running / idle",
        value: ratio,
        kind: "atMost",
        target: GOAL,
        baseline: "the same requests with no lab job running",
      });
      console.log(
        `quant-api (${kind}, ${BACKFILL_DAYS} days of candles, ${THREADS} job thread(s), ` +
          `${PHASE_MS} ms a phase)`,
      );
      console.log(`  tickers idle:    ${fmt(idle)}`);
      console.log(`  tickers beside:  ${fmt(beside)} (a job thread computing, no lab job)`);
      console.log(`  tickers loaded:  ${fmt(loaded)}`);
      console.log(`  backtests computed beside: ${backtests}`);
      console.log(`  optimisations finished while loaded: ${finished}`);
      console.log(
        `  ratio beside/idle p99: ${floor.toFixed(2)} (the floor: the computation alone, ` +
          `none of the lab's queue, database work or polls)`,
      );
      console.log(`  ratio loaded/idle p99: ${ratio.toFixed(2)} (${goal})`);
    } finally {
      await app?.close();
      await runner.stop();
      await market.stop();
    }
  } finally {
    await drop();
  }
}
