// `npm run bench -- http`: what Quanta's request path costs on real reads. The real app (every
// plugin: security headers, rate limit, envelope, auth, ETags, logging at the configured level to
// a file) and a bare Fastify app (bench/http/bare-app.ts) both listen on 127.0.0.1 and share one
// PostgreSQL schema, one pool and one running simulated market. A load-client process drives N
// keep-alive clients (BENCH_HTTP_CLIENTS, default 32), each from its own loopback address, at
//   - GET /api/v1/market/tickers (public; the feed's in-memory tickers), and
//   - GET /api/v1/assets/overview (signed in; the session query and the overview's queries),
// in alternating rounds (bare then real, then real then bare, ...) so the machine's other work
// weighs on both. Printed: requests per second, p50/p99 latency, the ratio real/bare and the goal
// (≥ 0.6). See bench/README.md ("http") for the rate limit and the logging.
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import type { Db } from "../server/db/db";
import { demoCredit } from "../server/domain/wallet/demo-credit";
import { MarketReadModel } from "../server/market/market-read-model";
import { startSimulatedMarket } from "../server/market/start-market";
import { DEFAULT_RATE_LIMIT } from "../server/plugins/rate-limit";
import { createUserSession } from "../tests/server/helpers/sessions";
import { withBenchSchema } from "./concurrent-clients";
import { recordGoal } from "./goals";
import { buildBareApp, OVERVIEW_PATH, TICKERS_PATH } from "./http/bare-app";
import { logDestination } from "./http/log-destination";
import type { LoadCommand, LoadResult } from "./http/protocol";

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env["BENCH_HTTP_CLIENTS"] ?? 32);
/** Measured time per app and endpoint, split over the rounds. */
const WINDOW_MS = Number(process.env["BENCH_HTTP_MS"] ?? 10_000);
const ROUNDS = Number(process.env["BENCH_HTTP_ROUNDS"] ?? 5);
/** Before each phase's window: connections warm, JIT warm, pool warm. */
const WARM_UP_MS = 500;
/** The server's default pool (server/db/postgres-db.ts). */
const POOL = 10;
const GOAL = 0.6;
/**
 * The real limiter with the real window and key (the client address), only `max` raised: each
 * benchmark client sends ~100 times what one person may. Every request still pays the limiter's
 * whole cost (the /api decision, the key, the counter, the three headers); only the 429 is gone.
 */
const BENCH_RATE_LIMIT = { ...DEFAULT_RATE_LIMIT, max: 1_000_000_000 };

interface Series {
  count: number;
  /** Requests of the whole phases (warm-up included) and the server process's CPU time in them. */
  sent: number;
  cpuMicros: number;
  seconds: number;
  latencies: number[];
  statuses: Record<string, number>;
}

function startLoadClient(): {
  run: (command: Omit<LoadCommand, "kind">) => Promise<LoadResult>;
  stop: () => Promise<void>;
} {
  const child: ChildProcess = fork(path.join(here, "http", "load-client.ts"), [], {
    execArgv: ["--import", "tsx"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <T>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { kind: string; message?: string }) => {
        if (message.kind === "failed") reject(new Error(`load client: ${message.message}`));
        else if (message.kind === kind) resolve(message as T);
        else return;
        child.off("message", onMessage);
      };
      child.on("message", onMessage);
    });
  const ready = next("ready");
  return {
    run: async (command) => {
      await ready;
      const done = next<LoadResult>("done");
      child.send({ kind: "run", ...command });
      return done;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ kind: "exit" });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      child.kill("SIGKILL");
    },
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // not written to yet
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

function add(series: Series, result: LoadResult, cpuMicros: number): void {
  series.count += result.count;
  series.sent += result.sent;
  series.cpuMicros += cpuMicros;
  series.seconds += result.seconds;
  for (const latency of result.latencies) series.latencies.push(latency);
  for (const [status, n] of Object.entries(result.statuses)) {
    series.statuses[status] = (series.statuses[status] ?? 0) + n;
  }
}

function line(name: string, series: Series): string {
  const sorted = [...series.latencies].sort((a, b) => a - b);
  const rate = series.count / series.seconds;
  const statuses = Object.entries(series.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
  return (
    `  ${name.padEnd(12)} ${rate.toFixed(0).padStart(6)} req/s, p50 ${percentile(sorted, 50).toFixed(2)} ms, ` +
    `p99 ${percentile(sorted, 99).toFixed(2)} ms, server CPU ${(series.cpuMicros / series.sent).toFixed(0)} µs ` +
    `per request (${statuses})`
  );
}

/**
 * The server process's CPU per millisecond with no request (the market running, the pool's
 * housekeeping): taken out of the per-request CPU figures, which are about requests.
 */
async function idleCpu(): Promise<number> {
  const cpu = process.cpuUsage();
  const began = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / (performance.now() - began);
}

/** One answer from each app: same status and data, and the real app's stack visibly at work. */
async function checkAnswers(real: string, bare: string, urlPath: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const [a, b] = await Promise.all([
    fetch(`${real}${urlPath}`, { headers }),
    fetch(`${bare}${urlPath}`, { headers }),
  ]);
  const [realBody, bareBody] = (await Promise.all([a.json(), b.json()])) as { Data: unknown }[];
  if (a.status !== 200 || b.status !== 200) {
    throw new Error(`${urlPath}: answered ${a.status} (real) / ${b.status} (bare)`);
  }
  const shape = (data: unknown) =>
    Array.isArray(data) ? data.map((t: { symbol: string }) => t.symbol) : data;
  if (JSON.stringify(shape(realBody?.Data)) !== JSON.stringify(shape(bareBody?.Data))) {
    throw new Error(`${urlPath}: the real and the bare app answer different data`);
  }
  for (const header of ["content-security-policy", "x-ratelimit-limit", "x-ratelimit-remaining"]) {
    if (!a.headers.get(header)) throw new Error(`${urlPath}: the real app sent no ${header}`);
  }
}

async function measure(db: Db): Promise<void> {
  const config = loadConfig({ QUANTA_MODE: "demo", APP_DIST_DIR: "/nonexistent" });
  const market = await startSimulatedMarket(db, {
    ...config.market,
    seed: "bench-http",
    backfillDays: 1,
  });
  const logFile = path.join(os.tmpdir(), `quanta-bench-http-${process.pid}.log`);
  const load = startLoadClient();
  let app: FastifyInstance | undefined;
  let bare: FastifyInstance | undefined;
  const reads = new MarketReadModel(db, market.feed);
  try {
    app = await buildApp({
      config,
      db,
      // The production destination and level (LOG_LEVEL, default info), into a file.
      logger: { stream: logDestination(logFile), level: config.logLevel },
      rateLimit: BENCH_RATE_LIMIT,
    });
    app.market.attach(market.feed);
    bare = buildBareApp(db, reads);
    const realBase = await app.listen({ port: 0, host: "127.0.0.1" });
    const bareBase = await bare.listen({ port: 0, host: "127.0.0.1" });
    const port = (base: string) => Number(new URL(base).port);

    const tokens: string[] = [];
    for (let k = 0; k < CLIENTS; k += 1) {
      const { userId, token } = await createUserSession(db);
      await demoCredit(db, { mode: "demo", userId, amount: "1000", idempotencyKey: randomUUID() });
      tokens.push(token);
    }
    await checkAnswers(realBase, bareBase, TICKERS_PATH);
    await checkAnswers(realBase, bareBase, OVERVIEW_PATH, tokens[0]);

    const idleMicrosPerMs = await idleCpu();
    console.log(
      `http: ${CLIENTS} keep-alive clients, ${ROUNDS} alternating rounds of ` +
        `${(WINDOW_MS / ROUNDS / 1000).toFixed(1)} s per app and endpoint; ` +
        `${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(" ")}; log level ${config.logLevel}; idle server CPU ` +
        `${(idleMicrosPerMs / 10).toFixed(1)} % (subtracted from the per-request CPU)`,
    );
    for (const [urlPath, withTokens] of [
      [TICKERS_PATH, null],
      [OVERVIEW_PATH, tokens],
    ] as const) {
      const real: Series = {
        count: 0,
        sent: 0,
        cpuMicros: 0,
        seconds: 0,
        latencies: [],
        statuses: {},
      };
      const baseline: Series = {
        count: 0,
        sent: 0,
        cpuMicros: 0,
        seconds: 0,
        latencies: [],
        statuses: {},
      };
      const logBefore = sizeOf(logFile);
      for (let round = 0; round < ROUNDS; round += 1) {
        const phases = [
          [baseline, port(bareBase)],
          [real, port(realBase)],
        ] as const;
        for (const [series, target] of round % 2 === 0 ? phases : [...phases].reverse()) {
          const cpu = process.cpuUsage();
          const began = performance.now();
          const result = await load.run({
            port: target,
            path: urlPath,
            tokens: withTokens,
            clients: CLIENTS,
            warmUpMs: WARM_UP_MS,
            windowMs: WINDOW_MS / ROUNDS,
          });
          const used = process.cpuUsage(cpu);
          const idle = idleMicrosPerMs * (performance.now() - began);
          add(series, result, used.user + used.system - idle);
        }
      }
      const logged = sizeOf(logFile) - logBefore;
      const ratio = real.count / real.seconds / (baseline.count / baseline.seconds);
      console.log(`http GET ${urlPath}:`);
      console.log(line("bare fastify", baseline));
      console.log(line("quanta app", real));
      console.log(
        `  ratio ${ratio.toFixed(3)} (${recordGoal({
          figure: `http GET ${urlPath}: Quanta / bare Fastify, requests per second`,
          value: ratio,
          kind: "atLeast",
          target: GOAL,
          baseline: "a bare Fastify app answering the same payload",
        })}); ` + `log written: ${(logged / real.count).toFixed(1)} bytes per request`,
      );
    }
  } finally {
    await load.stop();
    await Promise.all([app?.close(), bare?.close()]);
    reads.close();
    await market.stop();
    rmSync(logFile, { force: true });
  }
}

export async function benchHttp(): Promise<void> {
  await withBenchSchema(POOL, measure);
}
