// Two real server processes on one PostgreSQL database: both answer requests, exactly
// one of them runs the workers (sealer, prober, market ingest, wallet workers, spot matcher), and
// when that one is SIGKILLed the other takes over within a few seconds. PostgreSQL only: the
// embedded database belongs to one process, which always leads.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import { createPostgresDb } from "../../server/db/postgres-db";
import { ChildRunner } from "./helpers/child-process";
import { sendCredit, usdtBalance } from "./helpers/money-requests";
import { signInOverHttp, startRealServer, type RealServer } from "./helpers/real-server";
import { ALICE } from "./helpers/siwe";
import { POSTGRES_URL } from "./helpers/test-db";

const runner = new ChildRunner();
afterAll(() => runner.killAll());

const LEADS = "leads and runs the workers";
const FOLLOWS = "another process leads; this one follows";
const INGEST = "market feed running";

const logOf = (server: RealServer) => {
  const { stdout, stderr } = server.run.output();
  return stdout + stderr;
};

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function tickCount(url: string): Promise<number> {
  const db = createPostgresDb({ url, max: 1 });
  try {
    const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM ticks");
    return row?.n ?? 0;
  } finally {
    await db.close();
  }
}

it.runIf(POSTGRES_URL)(
  "two processes on one database: both serve, one runs the workers, the other takes over",
  async () => {
    const name = `quanta_workers_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = createPostgresDb({ url: POSTGRES_URL ?? "", max: 1 });
    await admin.exec(`CREATE DATABASE ${name}`);
    const url = new URL(POSTGRES_URL ?? "");
    url.pathname = `/${name}`;
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "quanta-workers-")));
    const envOf = (dir: string) => ({
      DATA_DIR: dir,
      APP_DIST_DIR: path.join(dir, "no-dist"),
      DATABASE_URL: url.toString(),
      LOG_LEVEL: "info",
      TRUST_PROXY: "true",
    });
    const servers: RealServer[] = [];
    try {
      const first = await startRealServer(runner, envOf(dirs[0] ?? ""));
      servers.push(first);
      await until("the first process leads", () => logOf(first).includes(LEADS), 20_000);
      const second = await startRealServer(runner, envOf(dirs[1] ?? ""));
      servers.push(second);
      await until("the second process follows", () => logOf(second).includes(FOLLOWS), 20_000);
      await until("the market ingests", async () => (await tickCount(url.toString())) > 0, 20_000);

      // Both answer requests, on the same data: a credit through one is seen by the other.
      const token = await signInOverHttp(second, ALICE);
      const credit = await sendCredit(second, token, {
        key: "lead-1",
        amount: "5",
        units: 5_000_000n,
      });
      expect(credit.status).toBe(200);
      expect((await usdtBalance(first, token)).available).toBe("5");
      const tickers = await fetch(`${second.url}${API_BASE}/market/tickers`);
      expect(tickers.status).toBe(200);

      // Exactly one ran the workers.
      expect(logOf(first)).toContain(INGEST);
      expect(logOf(second)).not.toContain(LEADS);
      expect(logOf(second)).not.toContain(INGEST);

      await first.kill();
      await until("the follower takes over", () => logOf(second).includes(LEADS), 20_000);
      await until("its market ingests", () => logOf(second).includes(INGEST), 20_000);
      const before = await tickCount(url.toString());
      await until(
        "ticks keep coming",
        async () => (await tickCount(url.toString())) > before,
        10_000,
      );
      const after = await sendCredit(second, token, {
        key: "lead-2",
        amount: "1",
        units: 1_000_000n,
      });
      expect(after.status).toBe(200);
      expect((await usdtBalance(second, token)).available).toBe("6");
    } finally {
      for (const server of servers) await server.stop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  },
  180_000,
);
