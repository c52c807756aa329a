// `npm run verify -- options` against a real server over HTTP: ticks recorded by the real
// (simulated) feed on a manual clock, options bought and settled on them by the rule with the
// real ledger, the CLI run as its own process. It verifies every order, exits 0; after a tick is
// rewritten in the record it names the broken link and exits 1.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { startSimulatedMarket, type RunningMarket } from "../../server/market/start-market";
import { checkOptionsOrder } from "../../protocol/options-verify-ticks";
import { httpTickSource, settledOptionsOrders } from "../../scripts/verify/http-source";
import { createUserSession, type TestSession } from "./helpers/sessions";
import { demoFunds, recordSettledOption } from "./helpers/settled-options";
import { NO_RATE_LIMIT, testConfig } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const run = promisify(execFile);
const db = usePglite();
const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
let app: FastifyInstance;
let market: RunningMarket;
let base: string;
let user: TestSession;
let clock = T0;

/** The CLI in its own process, exactly as documented: `npm run verify -- …`. */
async function verifyCli(...args: string[]) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "verify", "--", ...args], {
      cwd: process.cwd(),
      timeout: 60_000,
      shell: process.platform === "win32",
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

/** One tick per symbol per second from `fromS` to `toS` seconds after T0. */
function emitSeconds(fromS: number, toS: number) {
  for (let s = fromS; s <= toS; s += 1) {
    clock = T0 + s * 1000;
    market.source.emit(clock);
  }
}

beforeAll(async () => {
  app = await buildApp({ logger: false, config: testConfig(), db: db(), rateLimit: NO_RATE_LIMIT });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
  market = await startSimulatedMarket(
    db(),
    { source: "simulated", seed: "verify-cli", ticksPerSecond: 1, backfillDays: 0 },
    { now: () => clock, manual: true },
  );
  // 0..40 s, a 20 s outage, then 61..90 s.
  emitSeconds(0, 40);
  emitSeconds(61, 90);
  await market.feed.flush();

  user = await createUserSession(db());
  await demoFunds(db(), user.userId, "1000");
  const terms = {
    userId: user.userId,
    symbol: "BTC/USDT",
    stake: "10",
    fee: "0.1",
    payoutRate: "0.85",
  };
  const settled = [
    // A window of 30 ticks: time exactly on a tick (not the entry), expiry exactly on one (the exit).
    await recordSettledOption(db(), { ...terms, direction: "up", seconds: 30, timeMs: T0 + 5000 }),
    await recordSettledOption(db(), {
      ...terms,
      direction: "down",
      seconds: 30,
      timeMs: T0 + 5000,
    }),
    // One tick in the window: entry is exit, a tie.
    await recordSettledOption(db(), { ...terms, direction: "up", seconds: 1, timeMs: T0 + 12_500 }),
    // Inside the outage: void, stake and fee back.
    await recordSettledOption(db(), {
      ...terms,
      direction: "down",
      seconds: 10,
      timeMs: T0 + 45_000,
    }),
  ];
  expect(settled.map((s) => s.result)).toEqual([
    expect.stringMatching(/^(win|lose|tie)$/),
    expect.stringMatching(/^(win|lose|tie)$/),
    "tie",
    "void",
  ]);
}, 120_000);

afterAll(async () => {
  await market.stop();
  await app.close();
});

describe("npm run verify -- options", () => {
  it("verifies every settled option of the user and exits 0", async () => {
    const { code, stdout, stderr } = await verifyCli(
      "options",
      "--base",
      base,
      "--token",
      user.token,
    );
    expect(stderr).toBe("");
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 4).every((l) => l.includes(": verified ("))).toBe(true);
    expect(lines.find((l) => l.includes(" void "))).toContain("no tick in the window");
    expect(lines.find((l) => l.includes(" tie "))).toMatch(/entry tick (\d+), exit tick \1;/);
    expect(lines[4]).toBe("4 settled options: 4 verified, 0 failed");
    expect(code).toBe(0);
  });

  it("pages through ticks and orders over HTTP with the same result", async () => {
    const orders = await settledOptionsOrders({ base, token: user.token });
    expect(orders).toHaveLength(4);
    const source = httpTickSource({ base });
    for (const order of orders) {
      expect(await checkOptionsOrder(order, source, 4)).toMatchObject({ ok: true });
    }
  });

  it("refuses to run without --base and --token (exit 2)", async () => {
    const { code, stderr } = await verifyCli("options", "--base", base);
    expect(stderr).toContain("usage: npm run verify -- options --base <url> --token <token>");
    expect(code).toBe(2);
  });

  it("exits 1 when the token is not accepted", async () => {
    const { code, stderr } = await verifyCli("options", "--base", base, "--token", "nope");
    expect(stderr).toContain("401");
    expect(code).toBe(1);
  });

  it("names the rewritten tick and exits 1 once the record is changed after settlement", async () => {
    const [tick] = await db().query<{ seq: string; price: string }>(
      `SELECT seq::text AS seq, price::text AS price FROM ticks
        WHERE symbol = 'BTC/USDT' AND ts = to_timestamp($1::numeric / 1000)`,
      [T0 + 20_000],
    );
    if (tick === undefined) throw new Error("no tick at 20 s");
    await db().query(
      `UPDATE ticks SET price = price + 1 WHERE symbol = 'BTC/USDT' AND seq = $1::int8`,
      [tick.seq],
    );
    const { code, stdout } = await verifyCli("options", "--base", base, "--token", user.token);
    const lines = stdout.trim().split("\n");
    expect(
      lines.filter((l) => l.includes(`NOT VERIFIED: hash-mismatch seq=${tick.seq} `)),
    ).toHaveLength(2);
    expect(lines[4]).toBe("4 settled options: 2 verified, 2 failed");
    expect(code).toBe(1);
  });
});
