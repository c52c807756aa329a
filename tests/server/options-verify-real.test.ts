// The whole flow a user relies on, then the independent check: the real server process (demo,
// simulated feed, the settlement worker) with a 5 s product; a user signs in with a real SIWE
// signature, takes demo funds and buys options over HTTP; once the worker has settled them,
// `npm run verify -- options` (its own process, HTTP only) recomputes every one and exits 0.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OptionsOrder } from "../../protocol/options";
import { API_BASE } from "../../protocol/paths";
import { ChildRunner } from "./helpers/child-process";
import { sendCredit } from "./helpers/money-requests";
import { signInOverHttp, startRealServer, type RealServer } from "./helpers/real-server";

const run = promisify(execFile);
const runner = new ChildRunner();
let server: RealServer | undefined;
let token: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "quanta-verify-"));
  const started = await startRealServer(runner, {
    DATA_DIR: dir,
    APP_DIST_DIR: path.join(dir, "no-dist"),
    OPTIONS_PRODUCTS: "5:0.85:0.01:1:10000",
  });
  server = started;
  token = await signInOverHttp(started, privateKeyToAccount(generatePrivateKey()));
  const credit = await sendCredit(started, token, {
    key: "verify-funds",
    amount: "100",
    units: 0n,
  });
  expect(credit.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  runner.killAll();
});

function origin(): string {
  if (server === undefined) throw new Error("the server did not start");
  return server.url;
}

async function api(method: "GET" | "POST", pathAndQuery: string, body?: unknown, key?: string) {
  const response = await fetch(`${origin()}${API_BASE}${pathAndQuery}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(key === undefined ? {} : { "idempotency-key": key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    json: (await response.json()) as { Data: unknown; Code?: string },
  };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Buys (retrying while the fresh feed is not live yet) and waits for the worker to settle it. */
async function buyAndSettle(direction: "up" | "down", key: string): Promise<OptionsOrder> {
  const bought = await until(
    "an accepted order",
    async () => {
      const answer = await api(
        "POST",
        "/options/orders",
        { symbol: "BTC/USDT", direction, seconds: 5, amount: "10" },
        key,
      );
      if (answer.status === 200) return answer.json.Data as OptionsOrder;
      expect(answer.json.Code).toBe("MARKET_STALE");
      return undefined;
    },
    30_000,
  );
  return until(
    "its settlement",
    async () => {
      const page = (await api("GET", "/options/orders?status=done")).json.Data as {
        items: OptionsOrder[];
      };
      return page.items.find((o) => o.id === bought.id);
    },
    30_000,
  );
}

it("verifies every option the settlement worker settled, over HTTP only", async () => {
  const settled = [await buyAndSettle("up", "verify-1"), await buyAndSettle("down", "verify-2")];
  expect(settled.map((o) => o.result)).toEqual([
    expect.stringMatching(/^(win|lose|tie|void)$/),
    expect.stringMatching(/^(win|lose|tie|void)$/),
  ]);
  const { stdout, stderr } = await run(
    process.execPath,
    ["--import", "tsx", "scripts/verify.ts", "options", "--base", origin(), "--token", token],
    { timeout: 60_000 },
  );
  expect(stderr).toBe("");
  const lines = stdout.trim().split("\n");
  for (const order of settled) {
    const line = lines.find((l) => l.startsWith(`option ${order.id} `));
    expect(line).toContain(": verified (");
    if (order.entryTick && order.exitTick) {
      expect(line).toContain(`entry tick ${order.entryTick.seq}, exit tick ${order.exitTick.seq}`);
    }
  }
  expect(lines[lines.length - 1]).toBe("2 settled options: 2 verified, 0 failed");
}, 150_000);
