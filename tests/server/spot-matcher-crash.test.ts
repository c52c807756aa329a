// Crash exactly-once for the limit-order matcher: the real server process is SIGKILLed
// while its matcher is filling resting orders that the market crossed (some filled, some not yet),
// restarted on the same data, and afterwards every order is filled at most once (one fill row, one
// deduction of its reservation), every open order still holds its reservation, and ledger:check
// passes. On the embedded PGlite, whose process the kill takes down with the matcher.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Depth } from "../../protocol/market";
import type { SpotConfig, SpotOrder } from "../../protocol/spot";
import type { ListPage } from "../../protocol/list";
import { createPgliteDb } from "../../server/db/pglite-db";
import { ChildRunner } from "./helpers/child-process";
import { within } from "./helpers/net";
import { signInOverHttp, startRealServer, type RealServer } from "./helpers/real-server";
import { freshIp } from "./helpers/siwe";
import { ALICE } from "./helpers/siwe";
import { reservationMismatches } from "./helpers/spot";

const SYMBOL = "DOGE/USDT";
const ORDERS = 150;
const runner = new ChildRunner();
afterAll(() => runner.killAll());

async function api<T>(
  server: RealServer,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; data: T | undefined; text: string }> {
  const response = await fetch(`${server.url}${API_BASE}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "x-forwarded-for": freshIp(),
      ...(body === undefined
        ? {}
        : { "content-type": "application/json", "idempotency-key": crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const data = response.ok ? (JSON.parse(text) as { Data: T }).Data : undefined;
  return { status: response.status, data, text };
}

async function filledIds(server: RealServer, token: string): Promise<Set<string>> {
  const page = await api<ListPage<SpotOrder>>(
    server,
    token,
    "GET",
    "/spot/orders?status=done&limit=1",
  );
  return new Set((page.data?.items ?? []).filter((o) => o.status === "filled").map((o) => o.id));
}

it("a matcher SIGKILLed mid-match fills every order at most once after restart", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-spot-crash-"));
  const env = {
    DATA_DIR: dataDir,
    APP_DIST_DIR: path.join(dataDir, "no-dist"),
    TRUST_PROXY: "true",
    MARKET_TICKS_PER_SECOND: "10",
    // 20 ms after each fill: a round of 300 fills takes seconds, not the blink PGlite needs, so
    // the kill at the first fill seen lands between two fills of the round.
    QUANTA_TEST_FILL_PAUSE_MS: "20",
  };
  let server = await startRealServer(runner, env);
  try {
    const token = await signInOverHttp(server, ALICE);
    for (let i = 0; i < 2; i += 1) {
      const credit = await api(server, token, "POST", "/wallet/demo-credit", { amount: "100000" });
      expect(credit.status, credit.text).toBe(200);
    }
    const config = (await api<SpotConfig>(server, token, "GET", "/spot/config")).data;
    const rules = config?.symbols.find((s) => s.symbol === SYMBOL);
    expect(rules).toBeDefined();

    // Buy orders resting at one price, the best bid of the moment: the book that crosses one
    // crosses them all, so the matcher fills them one transaction after another in one round,
    // and the kill at the first fill lands in the middle of that round.
    let price: string | undefined;
    while (price === undefined) {
      const depth = await api<Depth>(
        server,
        token,
        "GET",
        `/market/depth?symbol=${encodeURIComponent(SYMBOL)}&limit=1`,
      );
      price = depth.data?.bids[0]?.[0];
      if (price === undefined) await new Promise((r) => setTimeout(r, 200));
    }
    // Twice the minimum notional at this price, in whole coins.
    const number = String(Math.ceil((2 * Number(rules?.minNotional ?? "5")) / Number(price)));
    const ids: string[] = [];
    let crossed = false;
    while (ids.length < ORDERS && !crossed) {
      const placed = await Promise.all(
        Array.from({ length: 10 }, () =>
          api<SpotOrder>(server, token, "POST", "/spot/orders", {
            symbol: SYMBOL,
            side: 0,
            type: 1,
            price,
            number,
          }),
        ),
      );
      for (const p of placed) {
        if (p.data) ids.push(p.data.id);
        // 422: the market reached the price while placing; what rests is enough.
        else if (p.status === 422) crossed = true;
        else throw new Error(`order: ${p.status} ${p.text}`);
      }
    }
    expect(ids.length).toBeGreaterThanOrEqual(10);

    // Kill at the first fill, while the rest of the round is still to be filled.
    let filledAtKill = new Set<string>();
    const deadline = Date.now() + 90_000;
    while (filledAtKill.size === 0 && Date.now() < deadline) {
      filledAtKill = await filledIds(server, token);
    }
    await server.kill();
    const killedAt = Date.now();
    expect(filledAtKill.size, "the market never crossed an order").toBeGreaterThan(0);

    server = await startRealServer(runner, env);
    // Give the restarted matcher time to match what the market crosses now.
    await new Promise((r) => setTimeout(r, 5_000));
    await server.stop();

    const db = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
    try {
      const twice = await db.query(
        "SELECT order_id, count(*)::int AS n FROM spot_fills GROUP BY order_id HAVING count(*) > 1",
      );
      expect(twice).toEqual([]);
      const unmatched = await db.query(
        `SELECT o.id, o.status, count(f.order_id)::int AS fills FROM spot_orders o
           LEFT JOIN spot_fills f ON f.order_id = o.id
          GROUP BY o.id, o.status
         HAVING (o.status = 'filled') <> (count(f.order_id) = 1)`,
      );
      expect(unmatched).toEqual([]);
      expect(await reservationMismatches(db)).toEqual([]);
      const [counts] = await db.query<{ before: number; total: number; orders: number }>(
        `SELECT count(*) FILTER (WHERE f.created_at < to_timestamp($1::float8 / 1000))::int AS before,
                count(*)::int AS total,
                (SELECT count(*)::int FROM spot_orders) AS orders
           FROM spot_fills f`,
        [killedAt],
      );
      for (const id of filledAtKill) {
        const [row] = await db.query<{ status: string }>(
          "SELECT status FROM spot_orders WHERE id = $1",
          [id],
        );
        expect(row?.status, `order ${id} lost its fill`).toBe("filled");
      }
      // Mid-match: the kill came after some fills of the round and before others.
      expect(counts?.before).toBeGreaterThan(0);
      expect(counts?.before, "the kill came after every fill").toBeLessThan(ids.length);
      expect(counts?.orders).toBe(ids.length);
      console.info(
        `spot crash: ${ids.length} orders, ${counts?.before} filled before the kill, ${counts?.total} after the restart`,
      );
    } finally {
      await db.close();
    }
    const check = runner.run("server/cli/ledger-check.ts", [], env);
    expect(await within(check.exited, 60_000, "ledger:check"), JSON.stringify(check.output())).toBe(
      0,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}, 240_000);
