// Crash exactly-once for the contract trigger engine: positions opened on recorded ticks, then a
// fall recorded while no server runs that crosses each one's liquidation price at a tick of its
// own (and positions opened part-way down, after ticks that crossed their prices). The real
// server process starts; its worker, slowed to one close per transaction
// (QUANTA_TEST_CONTRACT_PAUSE_MS), checks the fall before following its feed — which keeps
// recording ticks — and is SIGKILLed as soon as it has closed the first; the server is started
// again on the same data. Afterwards every position is closed exactly once (one 104 and one 303,
// two change-log puts), at the first tick after its opening tick at or below its liquidation
// price, the one that never reaches its price is still open, and ledger:check passes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { ContractOrder } from "../../protocol/contract";
import type { SyncPage } from "../../protocol/sync";
import { migrate } from "../../server/db/migrate";
import { createPgliteDb } from "../../server/db/pglite-db";
import { seedMigratedPglite } from "./helpers/pglite-dir-template";
import { readTicks } from "../../server/db/repositories/tick-repository";
import { tickUnits } from "../../server/domain/contract/trigger-pass";
import { ChildRunner } from "./helpers/child-process";
import { insertPosition } from "./helpers/contract-positions";
import { within } from "./helpers/net";
import { fundUsdt, openTickFeed, recordTicks, USDT } from "./helpers/options-settlement";
import { startRealServer } from "./helpers/real-server";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";

const POSITIONS = 30;
const runner = new ChildRunner();
afterAll(() => runner.killAll());

/** The user's contract orders as their change log has them now. */
async function synced(url: string, user: TestSession): Promise<ContractOrder[]> {
  const orders = new Map<string, ContractOrder>();
  let cursor = "";
  for (;;) {
    const response = await fetch(`${url}${API_BASE}/sync?cursor=${cursor}`, {
      headers: bearer(user),
    });
    if (!response.ok) throw new Error(`GET /sync: ${response.status} ${await response.text()}`);
    const page = ((await response.json()) as { Data: SyncPage }).Data;
    for (const change of page.changes) {
      if (change.entity === "contract-order" && change.op === "put") {
        orders.set(change.id, change.data as ContractOrder);
      }
    }
    cursor = page.cursor;
    if (!page.hasMore) return [...orders.values()];
  }
}

it("a worker SIGKILLed mid-way closes every position once, at its tick, after restart", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "quanta-contract-crash-"));
  const env = {
    DATA_DIR: dataDir,
    APP_DIST_DIR: path.join(dataDir, "no-dist"),
    MARKET_TICKS_PER_SECOND: "10",
    QUANTA_TEST_CONTRACT_PAUSE_MS: "100",
  };
  const users: TestSession[] = [];
  const ids: string[] = [];
  const startMs = Date.now() - 120_000;
  await seedMigratedPglite(path.join(dataDir, "pglite"));
  let db = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  let safe: string;
  try {
    await migrate(db);
    const { feed } = await openTickFeed(db);
    await recordTicks(feed, "BTC/USDT", [[startMs, "67000.00"]]);
    const open = async (user: TestSession, leverage: number, entry: number) => {
      const order = await insertPosition(db, {
        userId: user.userId,
        direction: "long",
        leverage,
        quantity: "0.01",
        price: `${entry}.00`,
        openTickSeq: String(feed.headSeqs().get("BTC/USDT")),
        timeMs: startMs,
      });
      ids.push(order.id);
      return order.id;
    };
    const newUser = async () => {
      const user = await createUserSession(db);
      await fundUsdt(db, user.userId, 2_000n * USDT);
      users.push(user);
      return user;
    };
    // 10× longs from 67,000 to 69,900: liquidation prices 90.5 apart, from 60,635.00 up.
    for (let i = 0; i < POSITIONS; i += 1) await open(await newUser(), 10, 67_000 + 100 * i);
    // A fall in steps of 50 (a tick between any two liquidation prices), 2 ticks a second.
    const fall: [number, string][] = [];
    for (let p = 66_950, ms = 500; p >= 58_000; p -= 50, ms += 500) {
      fall.push([startMs + ms, `${p}.00`]);
    }
    const half = Math.floor(fall.length / 2);
    await recordTicks(feed, "BTC/USDT", fall.slice(0, half));
    // Opened part-way down, after ticks below their liquidation prices: later ticks decide.
    for (let i = 0; i < 5; i += 1) await open(await newUser(), 50, 65_000 - 100 * i);
    safe = await open(await newUser(), 2, 67_000);
    await recordTicks(feed, "BTC/USDT", fall.slice(half));
    await feed.stop();
  } finally {
    await db.close();
  }

  let server = await startRealServer(runner, env);
  let killedAt = 0;
  try {
    // The highest liquidation price is crossed first: kill once its position is closed.
    const first = users[POSITIONS - 1] as TestSession;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const [order] = await synced(server.url, first);
      if (order?.state === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await server.kill();
    killedAt = Date.now();
    server = await startRealServer(runner, env);
    // The restarted worker checks the rest before it follows the feed (start resolves after).
    const last = users[0] as TestSession;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      const [order] = await synced(server.url, last);
      if (order?.state === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await server.stop();
  }

  db = await createPgliteDb({ dataDir: path.join(dataDir, "pglite") });
  try {
    const rows = await db.query<{
      id: string;
      state: number;
      liquidation_price: string;
      open_tick_seq: string;
      close_reason: string | null;
      close_tick_seq: string | null;
      closed_ms: string | null;
    }>(
      `SELECT id::text AS id, state::int AS state, liquidation_price::text AS liquidation_price,
              open_tick_seq::text AS open_tick_seq, close_reason,
              close_tick_seq::text AS close_tick_seq,
              (extract(epoch FROM closed_at) * 1000)::int8::text AS closed_ms
         FROM contract_orders ORDER BY id`,
    );
    const ticks = await readTicks(db, { symbol: "BTC/USDT", fromMs: 0, limit: 100_000 });
    for (const r of rows) {
      const liquidation = BigInt(r.liquidation_price);
      const expected = ticks.find(
        (t) => BigInt(t.seq) > BigInt(r.open_tick_seq) && tickUnits(t.price) <= liquidation,
      );
      if (r.id === safe) {
        expect(r.state, "the 2× long never reaches its price").toBe(1);
        continue;
      }
      expect(expected, `order ${r.id} has a crossing tick`).toBeDefined();
      expect(r, `order ${r.id}`).toMatchObject({
        state: 2,
        close_reason: "liquidation",
        close_tick_seq: expected?.seq,
      });
    }
    const before = rows.filter((r) => r.closed_ms !== null && Number(r.closed_ms) < killedAt);
    expect(before.length, "the kill came before any close").toBeGreaterThan(0);
    expect(before.length, "the kill came after every close").toBeLessThan(ids.length - 1);

    // Once each: one 104 and one 303 per closed position, two change-log puts.
    const counts = await db.query<{ ref_id: string; type: number; n: number }>(
      `SELECT ref_id, type, count(*)::int AS n FROM bills
        WHERE ref_kind = 'contract-order' AND type IN (104, 303) GROUP BY ref_id, type`,
    );
    for (const c of counts) expect(c.n, `order ${c.ref_id} bill ${c.type}`).toBe(1);
    expect(counts.length).toBe(2 * (ids.length - 1));
    const puts = await db.query<{ entity_id: string; n: number }>(
      `SELECT entity_id, count(*)::int AS n FROM change_log WHERE entity = 'contract-order'
        GROUP BY entity_id HAVING count(*) <> CASE WHEN entity_id = $1 THEN 1 ELSE 2 END`,
      [safe],
    );
    expect(puts).toEqual([]);
    console.info(
      `contract crash: ${ids.length} positions, ${before.length} closed before the kill`,
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
