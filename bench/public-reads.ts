// `npm run bench -- public-reads`: does one anonymous client reading the public endpoints slow
// everyone else? On the real app (PGlite, the simulated market running with BENCH_BACKFILL_DAYS of
// history, default 30 as in the demo), one signed-in client sends money requests back to back
// (POST /wallet/demo-credit, a ledger write, then GET /assets/overview, a ledger read) and its
// latency is measured in the same run, in alternating rounds: idle, and while an anonymous client reads public
// endpoints at the /api rate limit (600/min = 10/s, round robin over tickers, klines of every
// interval, ticks, depth, articles, settings and status). Printed: p50/p99 of each and the ratios
// loaded/idle. Goal: p50 and p99 ratios ≤ 1.5.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { KLINE_INTERVALS } from "../protocol/market";
import { API_BASE } from "../protocol/paths";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import type { Db } from "../server/db/db";
import { migrate } from "../server/db/migrate";
import { createPgliteDb } from "../server/db/pglite-db";
import { seedContent } from "../server/domain/content/seed-content";
import { startSimulatedMarket } from "../server/market/start-market";
import { createUserSession } from "../tests/server/helpers/sessions";
import { recordGoal } from "./goals";

const PHASE_MS = Number(process.env.BENCH_PUBLIC_READS_MS ?? 10_000);
const BACKFILL_DAYS = Number(process.env.BENCH_BACKFILL_DAYS ?? 30);
const ROUNDS = 5;
/** Loaded / idle latency of the money requests, at p50 and at p99. */
const GOAL = 1.5;
/** The default /api limit: 600 a minute. */
const PUBLIC_PER_SECOND = 10;

function publicPaths(): string[] {
  const klines = KLINE_INTERVALS.map(
    (interval) => `/market/klines?symbol=BTC/USDT&interval=${interval}&limit=1000`,
  );
  return [
    "/market/tickers",
    ...klines,
    "/market/ticks?symbol=ETH/USDT&limit=1000",
    "/market/ticks/head?symbol=ETH/USDT",
    "/market/depth?symbol=BTC/USDT&limit=20",
    "/system/article?limit=20",
    "/system/system",
    "/system/link",
    "/system/status",
  ].map((path) => `${API_BASE}${path}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

async function moneyLatencies(base: string, token: string, ms: number): Promise<number[]> {
  const headers = { authorization: `Bearer ${token}` };
  const times: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const began = performance.now();
    const credit = await fetch(`${base}${API_BASE}/wallet/demo-credit`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ amount: "1" }),
    });
    const overview = await fetch(`${base}${API_BASE}/assets/overview`, { headers });
    await Promise.all([credit.text(), overview.text()]);
    if (credit.status !== 200 || overview.status !== 200) {
      throw new Error(`money request answered ${credit.status}/${overview.status}`);
    }
    times.push(performance.now() - began);
  }
  return times.sort((a, b) => a - b);
}

/** An anonymous client at PUBLIC_PER_SECOND, until `stop` is set; returns its slowest answer. */
function anonymousReader(base: string, stop: { now: boolean }): Promise<number[]> {
  const paths = publicPaths();
  const times: number[] = [];
  return new Promise((resolve) => {
    let i = 0;
    let inFlight = 0;
    const timer = setInterval(() => {
      if (stop.now) {
        clearInterval(timer);
        const done = setInterval(() => {
          if (inFlight === 0) {
            clearInterval(done);
            resolve(times.sort((a, b) => a - b));
          }
        }, 10);
        return;
      }
      const path = paths[i++ % paths.length] ?? paths[0] ?? "";
      const began = performance.now();
      inFlight += 1;
      void fetch(`${base}${path}`)
        .then((r) => r.text())
        .finally(() => {
          inFlight -= 1;
          times.push(performance.now() - began);
        });
    }, 1000 / PUBLIC_PER_SECOND);
  });
}

const fmt = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (n=${times.length})`;

export async function benchPublicReads(): Promise<void> {
  const db: Db = await createPgliteDb();
  let app: FastifyInstance | undefined;
  const config = loadConfig({
    QUANTA_MODE: "demo",
    APP_DIST_DIR: "/nonexistent",
    LOG_LEVEL: "silent",
  });
  try {
    await migrate(db);
    await seedContent(db);
    const market = await startSimulatedMarket(db, {
      ...config.market,
      seed: "bench-public-reads",
      backfillDays: BACKFILL_DAYS,
    });
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
      await moneyLatencies(base, token, 1_000); // warm-up
      // One public round before measuring, so a cache filled on first use is not counted.
      for (const path of publicPaths()) await (await fetch(`${base}${path}`)).text();
      if (process.env.BENCH_PUBLIC_READS_COSTS) {
        for (const path of publicPaths()) {
          const t: number[] = [];
          for (let k = 0; k < 5; k += 1) {
            const began = performance.now();
            await (await fetch(`${base}${path}`)).text();
            t.push(performance.now() - began);
          }
          console.log(`  ${path}: ${fmt(t.sort((a, b) => a - b))}`);
        }
      }

      // Idle and loaded alternate in short rounds, so the machine's other work weighs on both.
      const idle: number[] = [];
      const loaded: number[] = [];
      const reads: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        idle.push(...(await moneyLatencies(base, token, PHASE_MS / ROUNDS)));
        const stop = { now: false };
        const reading = anonymousReader(base, stop);
        loaded.push(...(await moneyLatencies(base, token, PHASE_MS / ROUNDS)));
        stop.now = true;
        reads.push(...(await reading));
      }
      for (const list of [idle, loaded, reads]) list.sort((a, b) => a - b);

      const ratio = (p: number) => percentile(loaded, p) / percentile(idle, p);
      const goal = (p: number, value: number) =>
        recordGoal({
          figure: `public-reads: money request p${p}, loaded / idle`,
          value,
          kind: "atMost",
          target: GOAL,
          baseline: "the same requests with no anonymous reader",
        });
      console.log(`public-reads (${BACKFILL_DAYS} days of candles, ${PHASE_MS} ms a phase)`);
      console.log(`  money request idle:    ${fmt(idle)}`);
      console.log(`  money request loaded:  ${fmt(loaded)}`);
      console.log(`  anonymous reads (${PUBLIC_PER_SECOND}/s): ${fmt(reads)}`);
      console.log(
        `  ratio loaded/idle: p50 ${ratio(50).toFixed(2)} (${goal(50, ratio(50))}), ` +
          `p99 ${ratio(99).toFixed(2)} (${goal(99, ratio(99))})`,
      );
    } finally {
      await app?.close();
      await market.stop();
    }
  } finally {
    await db.close();
  }
}
