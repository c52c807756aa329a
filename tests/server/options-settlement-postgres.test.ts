// Options settlement on real PostgreSQL (skipped without DATABASE_URL): 1,000 users' orders that
// expire in the same second all settle, each once, on the rule's results over the served ticks,
// and checkLedger passes; two settlers on two pools (two server processes) racing over the same
// due orders settle each exactly once between them.
import { expect, it } from "vitest";
import { formatTickTime } from "../../protocol/market";
import { settleOption } from "../../protocol/options";
import type { Db } from "../../server/db/db";
import { readTicks } from "../../server/db/repositories/tick-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { startOptionsSettler } from "../../server/domain/options/options-settler";
import { AttachedFeed } from "../../server/market/attached-feed";
import {
  buyAt,
  fundUsdt,
  openTickFeed,
  optionRows,
  recordTicks,
  settlementBills,
  USDT,
} from "./helpers/options-settlement";
import { describePostgres } from "./helpers/test-db";
import { workerLog } from "./helpers/worker-log";

const T0 = Date.UTC(2026, 6, 1, 9, 0, 0);

/** `n` wallet users in one statement (`tag`: two hex digits of their own), each funded 100 USDT. */
async function fundedUsers(db: Db, n: number, tag: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (address, invite_code)
     SELECT '0x' || lpad(to_hex(g), 38, '0') || $2, $3 || lpad(g::text, 6, '0')
       FROM generate_series(1, $1::int) g
     RETURNING id::text AS id`,
    [n, tag, tag.toUpperCase()],
  );
  const ids = rows.map((r) => r.id);
  await inParallel(ids, 8, (id) => fundUsdt(db, id, 100n * USDT));
  return ids;
}

async function inParallel<T>(
  items: readonly T[],
  width: number,
  fn: (item: T) => Promise<unknown>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** Each order's result by the rule over GET /market/ticks' record, read independently. */
async function expectedResults(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const orders = await db.query<{
    id: string;
    symbol: string;
    direction: "up" | "down";
    stake: string;
    fee: string;
    payout_rate: string;
    time_ms: string;
    expires_ms: string;
  }>(
    `SELECT id::text AS id, symbol, direction, stake::text AS stake, fee::text AS fee,
            payout_rate::text AS payout_rate,
            (extract(epoch FROM time) * 1000)::int8 AS time_ms,
            (extract(epoch FROM expires_at) * 1000)::int8 AS expires_ms
       FROM options_orders WHERE id = ANY($1::bigint[])`,
    [ids as string[]],
  );
  const expected = new Map<string, string>();
  for (const o of orders) {
    const ticks = await readTicks(db, {
      symbol: o.symbol,
      fromMs: Number(o.time_ms),
      toMs: Number(o.expires_ms),
      limit: 10_000,
    });
    const settlement = settleOption(
      {
        direction: o.direction,
        stake: BigInt(o.stake),
        fee: BigInt(o.fee),
        payoutRate: o.payout_rate,
        time: formatTickTime(Number(o.time_ms)),
        expiresAt: formatTickTime(Number(o.expires_ms)),
      },
      ticks.map((t) => ({ seq: t.seq, price: t.price, ts: formatTickTime(t.tsMs), hash: t.hash })),
    );
    expected.set(o.id, settlement.result);
  }
  return expected;
}

/** Bills per settled order: a win or a tie one, a void two (stake and fee), a loss none. */
async function expectEachSettledOnce(db: Db, ids: readonly string[]): Promise<void> {
  const rows = (await optionRows(db)).filter((r) => ids.includes(r.id));
  expect(rows.filter((r) => r.result === null)).toEqual([]);
  const bills = await settlementBills(db);
  const wrong = rows.filter((r) => {
    const n = bills.get(r.id)?.length ?? 0;
    return n !== (r.result === "lose" ? 0 : r.result === "void" ? 2 : 1);
  });
  expect(wrong).toEqual([]);
  const [puts] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM change_log
      WHERE entity = 'options-order' AND entity_id = ANY($1::text[])`,
    [ids as string[]],
  );
  expect(puts?.n).toBe(2 * ids.length);
}

describePostgres(
  "options settlement on PostgreSQL",
  (pg) => {
    it("settles 1,000 users' orders that expire in the same second, each once", async () => {
      const db = pg.db();
      const users = await fundedUsers(db, 1_000, "aa");
      const ids: string[] = [];
      const { feed, market } = await openTickFeed(db);
      // The live price placement needs, before every window (acceptance is never before it).
      await recordTicks(feed, "BTC/USDT", [[T0 - 100, "66990.00"]]);
      // Accepted over one second, 60 s each (a demo product): all expire in [T0 + 60 s, T0 + 61 s).
      await inParallel(
        users.map((userId, i) => ({ userId, i })),
        8,
        async ({ userId, i }) => {
          ids.push(
            await buyAt(db, feed, {
              userId,
              direction: i % 2 === 0 ? "up" : "down",
              seconds: 60,
              amount: "5",
              timeMs: T0 + i,
            }),
          );
        },
      );
      // A tick every 250 ms through the windows (a few at equal prices, for ties), the last
      // one before the first expiry: nothing is due.
      const ticks: [number, string][] = [];
      for (let ms = 200; ms <= 60_000; ms += 250) {
        ticks.push([T0 + ms, `${67_000 + ((ms * 7) % 13)}.00`]);
      }
      await recordTicks(feed, "BTC/USDT", ticks);
      const settler = await startOptionsSettler({
        db,
        market,
        log: workerLog,
        now: () => T0 + 61_000,
        batchSize: 200,
      });
      try {
        expect((await optionRows(db)).every((r) => r.result === null)).toBe(true);
        await recordTicks(feed, "BTC/USDT", [[T0 + 61_000, "67001.00"]]);
        await settler.settled();
        expect(settler.totals().settled).toBe(1_000);
      } finally {
        await settler.stop();
        await feed.stop();
      }
      await expectEachSettledOnce(db, ids);
      const expected = await expectedResults(db, ids);
      const actual = new Map((await optionRows(db)).map((r) => [r.id, r.result]));
      const differ = ids.filter((id) => actual.get(id) !== expected.get(id));
      expect(differ).toEqual([]);
      const results = new Set(expected.values());
      expect(results.has("win") && results.has("lose")).toBe(true);
      const report = await checkLedger(db);
      expect(report.violations).toEqual([]);
    }, 180_000);

    it("two settlers racing over the same due orders settle each exactly once", async () => {
      const db = pg.db();
      const users = await fundedUsers(db, 400, "bb");
      const ids: string[] = [];
      const base = T0 + 3_600_000;
      const { feed } = await openTickFeed(db);
      await recordTicks(feed, "ETH/USDT", [[base - 100, "3499.50"]]);
      await inParallel(
        users.map((userId, i) => ({ userId, i })),
        8,
        async ({ userId, i }) => {
          ids.push(
            await buyAt(db, feed, {
              userId,
              symbol: "ETH/USDT",
              direction: i % 3 === 0 ? "down" : "up",
              seconds: 30,
              amount: "5",
              timeMs: base + (i % 50),
            }),
          );
        },
      );
      await recordTicks(feed, "ETH/USDT", [
        [base + 1_000, "3500.00"],
        [base + 20_000, "3501.50"],
        [base + 40_000, "3499.00"],
      ]);
      await feed.stop();
      // Two processes: two pools, small batches in parallel, started at the same moment.
      const other = pg.schema().open();
      // Batches of different sizes, so the two settlers' batches overlap in part.
      const start = (on: Db, batchSize: number) =>
        startOptionsSettler({
          db: on,
          market: new AttachedFeed(),
          log: workerLog,
          now: () => base + 40_000,
          batchSize,
          parallel: 3,
        });
      const [a, b] = await Promise.all([start(db, 25), start(other, 40)]);
      await Promise.all([a.stop(), b.stop()]);
      expect(a.totals().settled + b.totals().settled).toBe(400);
      console.info(
        `options race: ${a.totals().settled} + ${b.totals().settled} settled by two settlers`,
      );
      await expectEachSettledOnce(db, ids);
      const report = await checkLedger(db);
      expect(report.violations).toEqual([]);
    }, 180_000);
  },
  { migrate: true },
);
