// Crash exactly-once for the options settler: open options whose windows are recorded (ticks
// written through the real feed) and overdue when the real server process starts; its settler,
// slowed to one order per transaction (QUANTA_TEST_SETTLE_PAUSE_MS), is SIGKILLed as soon as
// it has settled the first, and the server restarted on the same data. Afterwards every order is
// settled exactly once (one result, the bills its result calls for, one change-log put at purchase
// and one at settlement), each on the rule's result over the recorded ticks, and ledger:check
// passes. Orders on a symbol with no tick in their windows end void once the restarted feed
// records a later tick. On the embedded PGlite: the orders are bought (by the test fixture)
// before the server opens the database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { formatTickTime } from "../../protocol/market";
import { settleOption, type OptionsOrder } from "../../protocol/options";
import { API_BASE } from "../../protocol/paths";
import type { SyncPage } from "../../protocol/sync";
import type { Db } from "../../server/db/db";
import { migrate } from "../../server/db/migrate";
import { createPgliteDb } from "../../server/db/pglite-db";
import { seedMigratedPglite } from "./helpers/pglite-dir-template";
import { readTicks } from "../../server/db/repositories/tick-repository";
import { ChildRunner } from "./helpers/child-process";
import { within } from "./helpers/net";
import {
  buyAt,
  fundUsdt,
  openTickFeed,
  optionRows,
  recordTicks,
  settlementBills,
  testProducts,
  USDT,
} from "./helpers/options-settlement";
import { startRealServer } from "./helpers/real-server";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";

const ORDERS = 40;
const runner = new ChildRunner();
afterAll(() => runner.killAll());

/** The user's options as their change log has them now (what the app would sync). */
async function syncedOptions(url: string, user: TestSession): Promise<OptionsOrder[]> {
  const orders = new Map<string, OptionsOrder>();
  let cursor = "";
  for (;;) {
    const response = await fetch(`${url}${API_BASE}/sync?cursor=${cursor}`, {
      headers: bearer(user),
    });
    if (!response.ok) throw new Error(`GET /sync: ${response.status} ${await response.text()}`);
    const page = ((await response.json()) as { Data: SyncPage }).Data;
    for (const change of page.changes) {
      if (change.entity === "options-order" && change.op === "put") {
        orders.set(change.id, change.data);
      }
    }
    cursor = page.cursor;
    if (!page.hasMore) return [...orders.values()];
  }
}

async function results(db: Db): Promise<Map<string, string | null>> {
  return new Map((await optionRows(db)).map((r) => [r.id, r.result]));
}

it("a settler SIGKILLed mid-way settles every option exactly once after restart", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-options-crash-"));
  const env = {
    DATA_DIR: dataDir,
    APP_DIST_DIR: path.join(dataDir, "no-dist"),
    MARKET_TICKS_PER_SECOND: "10",
    QUANTA_TEST_SETTLE_PAUSE_MS: "100",
  };
  const users: TestSession[] = [];
  const ids: string[] = [];
  const symbolOf = (i: number) => (i % 10 === 9 ? "ETH/USDT" : "BTC/USDT");
  // Accepted a minute ago, 1 to 12 s each: every window lies in the recorded past.
  const acceptedAt = Date.now() - 60_000;
  await seedMigratedPglite(path.join(dataDir, "pglite"));
  let db = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  try {
    await migrate(db);
    // The live prices placement needs, before every window (acceptance is never before them).
    const { feed } = await openTickFeed(db);
    await recordTicks(feed, "BTC/USDT", [[acceptedAt - 100, "66990.00"]]);
    await recordTicks(feed, "ETH/USDT", [[acceptedAt - 100, "3500.00"]]);
    const products = testProducts(Array.from({ length: 12 }, (_, i) => i + 1));
    for (let i = 0; i < ORDERS; i += 1) {
      const user = await createUserSession(db);
      await fundUsdt(db, user.userId, 100n * USDT);
      users.push(user);
      ids.push(
        await buyAt(db, feed, {
          userId: user.userId,
          symbol: symbolOf(i),
          direction: i % 2 === 0 ? "up" : "down",
          seconds: 1 + Math.floor(i / 5),
          amount: "10",
          timeMs: acceptedAt + (i % 5) * 37,
          products,
        }),
      );
    }
    // BTC/USDT ticks every 300 ms through the windows and beyond; none of ETH/USDT.
    const ticks: [number, string][] = [];
    for (let ms = 150; ms <= 20_000; ms += 300) {
      ticks.push([acceptedAt + ms, `${67_000 + ((ms * 11) % 17)}.00`]);
    }
    await recordTicks(feed, "BTC/USDT", ticks);
    await feed.stop();
  } finally {
    await db.close();
  }

  let server = await startRealServer(runner, env);
  let killedAt: number | undefined;
  try {
    // Kill as soon as the settler has settled any order (one per transaction, 100 ms apart).
    const deadline = Date.now() + 60_000;
    let seen = false;
    while (!seen && Date.now() < deadline) {
      for (const user of users.slice(0, 5)) {
        const [order] = await syncedOptions(server.url, user);
        seen ||= order?.result != null;
      }
    }
    await server.kill();
    killedAt = Date.now();
    server = await startRealServer(runner, env);
    // Until the last order (an ETH/USDT void, settled on the restarted feed's first tick) is.
    const last = users.at(-1) as TestSession;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const [order] = await syncedOptions(server.url, last);
      if (order?.result != null) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const views = await syncedOptions(server.url, users[1] as TestSession);
    expect(views[0]?.result, "settled orders reach the change log").not.toBeNull();
  } finally {
    await server.stop();
  }

  db = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  try {
    const rows = await optionRows(db);
    expect(rows.filter((r) => r.result === null).map((r) => r.id)).toEqual([]);
    const [before] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM options_orders WHERE settled_at < to_timestamp($1::float8 / 1000)",
      [killedAt ?? null],
    );
    // Mid-way: the kill came after some settlements and before others.
    expect(before?.n).toBeGreaterThan(0);
    expect(before?.n, "the kill came after every settlement").toBeLessThan(ORDERS);

    // Once each: the bills its result calls for, two change-log puts.
    const bills = await settlementBills(db);
    for (const r of rows) {
      const expected = r.result === "lose" ? 0 : r.result === "void" ? 2 : 1;
      expect(bills.get(r.id)?.length ?? 0, `order ${r.id} (${r.result})`).toBe(expected);
    }
    const puts = await db.query<{ entity_id: string; n: number }>(
      `SELECT entity_id, count(*)::int AS n FROM change_log
        WHERE entity = 'options-order' GROUP BY entity_id HAVING count(*) <> 2`,
    );
    expect(puts).toEqual([]);

    // From the record: each result is the rule's over the ticks recorded in its window.
    const now = await results(db);
    const orders = await db.query<{
      id: string;
      symbol: string;
      direction: "up" | "down";
      time_ms: string;
      expires_ms: string;
    }>(
      `SELECT id::text AS id, symbol, direction, (extract(epoch FROM time) * 1000)::int8 AS time_ms,
              (extract(epoch FROM expires_at) * 1000)::int8 AS expires_ms FROM options_orders`,
    );
    for (const o of orders) {
      const ticks = await readTicks(db, {
        symbol: o.symbol,
        fromMs: Number(o.time_ms),
        toMs: Number(o.expires_ms),
        limit: 10_000,
      });
      const rule = settleOption(
        {
          direction: o.direction,
          stake: 10n * USDT,
          fee: USDT / 10n,
          payoutRate: "0.85",
          time: formatTickTime(Number(o.time_ms)),
          expiresAt: formatTickTime(Number(o.expires_ms)),
        },
        ticks.map((t) => ({
          seq: t.seq,
          price: t.price,
          ts: formatTickTime(t.tsMs),
          hash: t.hash,
        })),
      );
      expect(now.get(o.id), `order ${o.id}`).toBe(rule.result);
    }
    const counted = [...now.values()].reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [String(r)]: (acc[String(r)] ?? 0) + 1 }),
      {},
    );
    console.info(
      `options crash: ${ORDERS} orders, ${before?.n} settled before the kill; results ${JSON.stringify(counted)}`,
    );
  } finally {
    await db.close();
  }
  const check = runner.run("server/cli/ledger-check.ts", [], env);
  expect(await within(check.exited, 60_000, "ledger:check"), JSON.stringify(check.output())).toBe(
    0,
  );
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
}, 300_000);
