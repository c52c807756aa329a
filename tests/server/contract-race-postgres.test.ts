// Contract closes racing on real PostgreSQL (skipped without DATABASE_URL): users closing their
// positions (the one close path, close-position.ts, as the close route runs it) while a tick
// beyond every liquidation price is recorded and two workers on two pools (two leaders for a
// moment) check it — every position ends exactly once (one 104, one ending, two change-log
// puts), and a liquidation is at that tick; then 32 clients opening and closing concurrently
// while ticks keep coming and the worker liquidates some. checkLedger after each.
import { afterEach, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { readTriggerCursors } from "../../server/db/repositories/contract-trigger-repository";
import { closePosition } from "../../server/domain/contract/close-position";
import {
  startContractWorker,
  type ContractWorker,
} from "../../server/domain/contract/contract-worker";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import type { MarketFeed } from "../../server/market/market-feed";
import { AttachedFeed } from "../../server/market/attached-feed";
import { eventually, insertPosition } from "./helpers/contract-positions";
import { fundUsdt, openTickFeed, recordTicks, USDT } from "./helpers/options-settlement";
import { describePostgres } from "./helpers/test-db";
import { workerLog } from "./helpers/worker-log";

const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);
const workers: ContractWorker[] = [];
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
});

async function fundedUsers(db: Db, n: number, tag: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (address, invite_code)
     SELECT '0x' || lpad(to_hex(g), 38, '0') || $2, $3 || lpad(g::text, 6, '0')
       FROM generate_series(1, $1::int) g
     RETURNING id::text AS id`,
    [n, tag, tag.toUpperCase()],
  );
  const ids = rows.map((r) => r.id);
  for (const id of ids) await fundUsdt(db, id, 1_000n * USDT);
  return ids;
}

/** A user's close at market, through the one close path (what the close route runs). */
async function userClose(db: Db, id: string, price: bigint, tickSeq: string): Promise<string> {
  const result = await db.transaction((tx) =>
    closePosition(tx, { id, reason: "user", price, tickSeq, atMs: Date.now() }),
  );
  return result.kind;
}

/** Per order: its endings' reasons, 104 bills and change-log puts. */
async function endings(db: Db, ids: readonly string[]) {
  const rows = await db.query<{
    id: string;
    state: number;
    close_reason: string | null;
    close_tick_seq: string | null;
    unfreezes: number;
    puts: number;
  }>(
    `SELECT o.id::text AS id, o.state::int AS state, o.close_reason,
            o.close_tick_seq::text AS close_tick_seq,
            (SELECT count(*)::int FROM bills b
              WHERE b.ref_kind = 'contract-order' AND b.ref_id = o.id::text AND b.type = 104) AS unfreezes,
            (SELECT count(*)::int FROM change_log c
              WHERE c.entity = 'contract-order' AND c.entity_id = o.id::text) AS puts
       FROM contract_orders o WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
    [ids as string[]],
  );
  return rows;
}

async function expectLedgerClean(db: Db) {
  expect((await checkLedger(db)).violations).toEqual([]);
}

describePostgres(
  "contract closes racing the trigger engine on PostgreSQL",
  (pg) => {
    it("a user close racing the liquidation (two workers) ends each position exactly once", async () => {
      const db = pg.db();
      const other = pg.schema().open();
      const { feed, market } = await openTickFeed(db);
      try {
        await recordTicks(feed, "BTC/USDT", [[T0, "67000.00"]]);
        const open = String(feed.headSeqs().get("BTC/USDT"));
        const users = await fundedUsers(db, 60, "a1");
        const ids: string[] = [];
        for (const userId of users) {
          const order = await insertPosition(db, {
            userId,
            direction: "long",
            leverage: 10,
            quantity: "0.01",
            price: "67000.00",
            openTickSeq: open,
          });
          ids.push(order.id);
        }
        const second = new AttachedFeed();
        second.attach(feed);
        workers.push(await startContractWorker({ db, market, log: workerLog, maxClosesPerTx: 7 }));
        workers.push(
          await startContractWorker({
            db: other,
            market: second,
            log: workerLog,
            maxClosesPerTx: 5,
          }),
        );
        await eventually(() => ids.every((id) => workers.every((w) => w.watching(id))));

        // The crash through every liquidation price (60,635.00) is recorded; the workers'
        // liquidations then race the users' closes, which arrive a few at a time on either pool.
        // (Closes scheduled before the tick committed could all win on a slow machine, and the
        // race would not be run.)
        await recordTicks(feed, "BTC/USDT", [[T0 + 1000, "60000.00"]]);
        const closes = Promise.all(
          ids.map(async (id, i) => {
            await new Promise((resolve) => setTimeout(resolve, (i * 37) % 300));
            return userClose(i % 2 === 0 ? db : other, id, 60_000_000_000n, open);
          }),
        );
        const crash = String(feed.headSeqs().get("BTC/USDT"));
        const kinds = await closes;
        for (const w of workers) await w.settled();

        const rows = await endings(db, ids);
        expect(rows.every((r) => r.state === 2 && r.unfreezes === 1 && r.puts === 2)).toBe(true);
        const byUser = rows.filter((r) => r.close_reason === "user");
        const liquidated = rows.filter((r) => r.close_reason === "liquidation");
        expect(byUser.length + liquidated.length).toBe(ids.length);
        expect(kinds.filter((k) => k === "closed").length).toBe(byUser.length);
        expect(liquidated.every((r) => r.close_tick_seq === crash)).toBe(true);
        expect(liquidated.length, "the engine won none of the races").toBeGreaterThan(0);
        expect((await readTriggerCursors(db)).get("BTC/USDT")).toBe(BigInt(crash));
        console.info(
          `contract race: ${byUser.length} closed by users, ${liquidated.length} liquidated`,
        );
        await expectLedgerClean(db);
      } finally {
        await feed.stop();
      }
    }, 120_000);

    it("32 clients opening and closing while ticks keep coming", async () => {
      const db = pg.db();
      const { feed, market } = await openTickFeed(db);
      let stopTicks = false;
      const ticking = tickLoop(feed, () => stopTicks);
      try {
        await eventually(() => (feed.headSeqs().get("ETH/USDT") ?? 0n) > 0n);
        workers.push(await startContractWorker({ db, market, log: workerLog }));
        const users = await fundedUsers(db, 32, "b2");
        const opened: string[] = [];
        await Promise.all(
          users.map(async (userId, c) => {
            for (let i = 0; i < 8; i += 1) {
              const head = String(feed.headSeqs().get("ETH/USDT"));
              await feed.flush();
              // 50× longs and shorts: liquidated by a 1.5 % move, which the ticks make.
              const order = await insertPosition(db, {
                userId,
                symbol: "ETH/USDT",
                direction: (c + i) % 2 === 0 ? "long" : "short",
                leverage: 50,
                quantity: "0.01",
                price: "3500.00",
                openTickSeq: head,
              });
              opened.push(order.id);
              if (i % 2 === 0) await userClose(db, order.id, 3_500_000_000n, head);
            }
          }),
        );
        stopTicks = true;
        await ticking;
        await workers[0]?.settled();
        const rows = await endings(db, opened);
        expect(rows.length).toBe(32 * 8);
        for (const r of rows) {
          expect(r.unfreezes, `order ${r.id}`).toBe(r.state === 2 ? 1 : 0);
          expect(r.puts, `order ${r.id}`).toBe(r.state === 2 ? 2 : 1);
        }
        const reasons = rows.reduce<Record<string, number>>(
          (acc, r) => ({
            ...acc,
            [String(r.close_reason)]: (acc[String(r.close_reason)] ?? 0) + 1,
          }),
          {},
        );
        console.info(`contract clients: ${JSON.stringify(reasons)}`);
        await expectLedgerClean(db);
      } finally {
        stopTicks = true;
        await ticking;
        await feed.stop();
      }
    }, 180_000);
  },
  { migrate: true },
);

/** ETH/USDT ticks swinging ±2 % around 3,500 every 20 ms until told to stop. */
async function tickLoop(feed: MarketFeed, stop: () => boolean): Promise<void> {
  for (let i = 0; !stop(); i += 1) {
    const price = 3_500 + Math.round(70 * Math.sin(i / 5));
    await recordTicks(feed, "ETH/USDT", [[T0 + i * 20, `${price}.00`]]);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
