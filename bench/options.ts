// `npm run bench -- options`: settling rise/fall options on real PostgreSQL (DATABASE_URL).
// 10,000 users each hold an open option (60 s, bought within one second, so all expire in the
// same second) over a recorded minute of BTC/USDT ticks; then the tick that makes their exit known
// is recorded, and the settler (what workers.ts runs) settles them all. Printed: settlements per
// second from that tick to the last commit, as a ratio to the ledger benchmark's minimal
// double-entry cycle measured just before in the same run (goal ≥ 1: batching must beat one posting per
// order), and the lag from the exit tick to each order's settlement (p50, p99, last).
// checkLedger must pass at the end. A schema of its own, dropped after.
import type { Db } from "../server/db/db";
import { checkLedger } from "../server/domain/ledger/check-ledger";
import { credit } from "../server/domain/ledger/operations";
import { recordGoal } from "./goals";
import { sealAll, startLedgerSealer } from "../server/domain/ledger/seal-ledger";
import { startOptionsSettler } from "../server/domain/options/options-settler";
import { placeOptionsOrder } from "../server/domain/options/place-order";
import { AttachedFeed } from "../server/market/attached-feed";
import { MarketFeed } from "../server/market/market-feed";
import { SYMBOLS } from "../server/market/symbols";
import {
  minimalCycleReference,
  printSeries,
  serverVersion,
  withBenchSchema,
  type LoadShape,
} from "./concurrent-clients";

const ORDERS = Number(process.env["BENCH_OPTIONS_ORDERS"] ?? 10_000);
const SECONDS = 60;
/** The reference's shape: the ledger benchmark's (32 clients over 256 rows, 2 s + 10 s). */
const SHAPE: LoadShape = {
  clients: Number(process.env["BENCH_LEDGER_CLIENTS"] ?? 32),
  rows: Number(process.env["BENCH_LEDGER_ROWS"] ?? 256),
  warmUpMs: Number(process.env["BENCH_LEDGER_WARM_UP_MS"] ?? 2_000),
  windowMs: Number(process.env["BENCH_LEDGER_WINDOW_MS"] ?? 10_000),
};
const GOAL = 1;
const USDT = 1_000_000n;
/** Clients buying in the setup; they also warm the pool's connections. */
const SETUP_CLIENTS = 32;

export async function benchOptions(): Promise<void> {
  await withBenchSchema(SHAPE.clients + 4, async (db) => {
    console.log(
      `options: ${ORDERS} orders of ${SECONDS} s expiring in the same second, ` +
        `PostgreSQL ${await serverVersion(db)}`,
    );
    // Accepted two minutes ago over one second: every window is recorded, and all expire
    // within [acceptedAt + 60 s, acceptedAt + 61 s).
    const acceptedAt = Date.now() - 120_000;
    const setupStarted = performance.now();
    const feed = await MarketFeed.open({
      db,
      source: { start: () => undefined, stop: async () => undefined },
      specs: SYMBOLS,
    });
    const market = new AttachedFeed();
    market.attach(feed);
    // The live price placement needs, before every window (acceptance is never before it).
    feed.accept([{ symbol: "BTC/USDT", price: "66990.00", qty: "0.01", ts: acceptedAt - 100 }]);
    await feed.flush();
    const users = await createUsers(db, ORDERS);
    await inParallel(users, SETUP_CLIENTS, async (userId, i) => {
      await db.transaction((tx) =>
        credit(tx, {
          kind: "demo-credit",
          reference: "bench funding",
          userId,
          asset: "USDT",
          amount: 100n * USDT,
          billType: 106,
          from: "demo-issuer",
        }),
      );
      // POST /options/orders as the route runs it (the demo's 60 s product: 0.85, fee 1 %).
      await placeOptionsOrder(db, {
        userId,
        body: {
          symbol: "BTC/USDT",
          direction: i % 2 === 0 ? "up" : "down",
          seconds: SECONDS,
          amount: "10",
        },
        idempotencyKey: `bench-options-${i}`,
        feed,
        now: () => acceptedAt + (i % 1000),
      });
    });
    // A tick every 100 ms through the windows, none after the first expiry: nothing is due.
    const ticks = SECONDS * 10;
    feed.accept(
      Array.from({ length: ticks }, (_, i) => ({
        symbol: "BTC/USDT",
        price: `${67_000 + ((i * 7) % 13)}.00`,
        qty: "0.01",
        ts: acceptedAt + 50 + i * 100,
      })),
    );
    await feed.flush();
    await sealAll(db);
    console.log(
      `options: set up ${ORDERS} users, purchases and ${ticks} ticks in ` +
        `${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );
    // The reference right before the subject, so both see the machine's load of the moment.
    const minimal = await minimalCycleReference(db, SHAPE);
    printSeries("options", minimal);
    const sealer = startLedgerSealer(db, { error: (err: unknown) => console.error(err) });
    const settler = await startOptionsSettler({
      db,
      market,
      log: { info: () => undefined, error: (fields, msg) => console.error(msg, fields) },
      // The feed drives this run: no order may count as overdue meanwhile.
      graceMs: 3_600_000,
    });
    try {
      if (settler.totals().settled !== 0) throw new Error("orders settled before their exit");
      // The exit tick: the first after every expiry, recorded now.
      const exitTs = Date.now();
      const began = performance.now();
      feed.accept([{ symbol: "BTC/USDT", price: "67000.00", qty: "0.01", ts: exitTs }]);
      await feed.flush();
      await settler.settled();
      const seconds = (performance.now() - began) / 1000;
      const settled = settler.totals();
      if (settled.settled !== ORDERS) {
        throw new Error(`${settled.settled} of ${ORDERS} orders settled`);
      }
      const perSecond = ORDERS / seconds;
      const lags = await settlementLags(db, exitTs);
      console.log(
        `options: settled ${ORDERS} in ${(seconds * 1000).toFixed(0)} ms: ` +
          `${perSecond.toFixed(0)}/s (win ${settled.win}, lose ${settled.lose}, ` +
          `tie ${settled.tie}, void ${settled.void})`,
      );
      console.log(
        `options: lag from the exit tick to settlement p50 ${lags.p50} ms, p99 ${lags.p99} ms, ` +
          `last ${lags.last} ms`,
      );
      const ratio = perSecond / minimal.perSecond;
      console.log(
        `options: ratio to the minimal double-entry cycle ${ratio.toFixed(2)} ` +
          `(${recordGoal({
            figure: "options: settlements per second / minimal cycles per second",
            value: ratio,
            kind: "atLeast",
            target: GOAL,
            baseline: "the minimal double-entry cycle",
          })})`,
      );
    } finally {
      await settler.stop();
      await sealer.stop();
      await feed.stop();
    }
    const report = await checkLedger(db);
    console.log(
      `options: ledger:check ${report.ok ? "ok" : "FAILED"} over ${report.transactions} transactions`,
    );
    if (!report.ok) {
      throw new Error(`ledger:check failed after the benchmark:\n${report.violations.join("\n")}`);
    }
  });
}

/** `n` wallet users in one statement. */
async function createUsers(db: Db, n: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (address, invite_code)
     SELECT '0x' || lpad(to_hex(g), 40, '0'), 'O' || lpad(g::text, 7, '0')
       FROM generate_series(1, $1::int) g
     RETURNING id::text AS id`,
    [n],
  );
  return rows.map((r) => r.id);
}

async function inParallel<T>(
  items: readonly T[],
  width: number,
  fn: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await fn(items[index] as T, index);
      }
    }),
  );
}

/** Per order: its settlement's commit time (settled_at) after the exit tick's time. */
async function settlementLags(
  db: Db,
  exitTs: number,
): Promise<{ p50: number; p99: number; last: number }> {
  const rows = await db.query<{ ms: string }>(
    `SELECT ((extract(epoch FROM settled_at) * 1000)::int8 - $1::int8)::text AS ms
       FROM options_orders ORDER BY settled_at`,
    [exitTs],
  );
  const lags = rows.map((r) => Number(r.ms));
  const at = (p: number) => lags[Math.min(lags.length - 1, Math.floor(lags.length * p))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), last: lags.at(-1) ?? NaN };
}
