// `npm run bench -- spot`: spot market orders on real PostgreSQL (DATABASE_URL). 32 concurrent
// clients place market orders (alternately buy and sell 0.001 BTC, as POST /spot/orders runs
// them: validation, the live book, Idempotency-Key, the posting, the order and its fill, the
// change log) for many pre-funded users, against a live in-process simulated book whose ticks
// are recorded in the same database; and the same bare single-row UPDATE baseline as the ledger
// benchmark, measured first in the same run. Printed: orders per second, p50/p99 per order, the
// ratio of the rates. ledger:check must pass at the end. A schema of its own, dropped after.
import type { Db } from "../server/db/db";
import { checkLedger } from "../server/domain/ledger/check-ledger";
import { credit } from "../server/domain/ledger/operations";
import { startLedgerSealer } from "../server/domain/ledger/seal-ledger";
import { placeSpotOrder } from "../server/domain/spot/place-order";
import { startSimulatedMarket } from "../server/market/start-market";
import {
  bareUpdateBaseline,
  createBenchUsers,
  printSeries,
  runClients,
  serverVersion,
  withBenchSchema,
  type LoadShape,
} from "./concurrent-clients";

const CLIENTS = Number(process.env["BENCH_SPOT_CLIENTS"] ?? 32);
const SHAPE: LoadShape = {
  clients: CLIENTS,
  rows: Number(process.env["BENCH_SPOT_ROWS"] ?? 256),
  warmUpMs: Number(process.env["BENCH_SPOT_WARM_UP_MS"] ?? 2_000),
  windowMs: Number(process.env["BENCH_SPOT_WINDOW_MS"] ?? 10_000),
};
/** Per user: 1,000,000 USDT and 100 BTC, more than any window can trade away. */
const FUNDING = [
  { asset: "USDT", units: 1_000_000n * 10n ** 6n },
  { asset: "BTC", units: 100n * 10n ** 8n },
] as const;
const print = (s: Parameters<typeof printSeries>[1]) => printSeries("spot", s);

export async function benchSpot(): Promise<void> {
  // The clients, the market's flushes and the sealer each hold a connection at times.
  await withBenchSchema(CLIENTS + 4, async (db) => {
    const userIds = await fundUsers(db);
    console.log(
      `spot: ${CLIENTS} clients, ${SHAPE.rows} users / rows, ${SHAPE.warmUpMs} ms warm-up, ` +
        `${SHAPE.windowMs} ms window, PostgreSQL ${await serverVersion(db)}`,
    );
    const baseline = await bareUpdateBaseline(db, SHAPE);
    print(baseline);

    // The live book: the simulated feed at 10 steps a second, flushing ticks every 250 ms.
    const market = await startSimulatedMarket(db, {
      source: "simulated",
      seed: "bench-spot",
      ticksPerSecond: 10,
      backfillDays: 0,
    });
    const sealer = startLedgerSealer(db, { error: (err: unknown) => console.error(err) });
    const outcomes = new Map<string, number>();
    const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    let sent = 0;
    try {
      await new Promise((resolve) => setTimeout(resolve, 500)); // a few books first
      const subject = await runClients(SHAPE, "market order", async (row, client) => {
        sent += 1;
        try {
          const order = await placeSpotOrder(db, {
            userId: userIds[row] ?? "",
            body: {
              symbol: "BTC/USDT",
              side: (sent + client) % 2 === 0 ? 0 : 1,
              type: 0,
              number: "0.001",
            },
            idempotencyKey: `bench-${sent}`,
            feed: market.feed,
          });
          count(order.status);
        } catch (err) {
          count(err instanceof Error ? err.message.slice(0, 80) : String(err));
        }
      });
      print(subject);
      const ratio = subject.perSecond / baseline.perSecond;
      console.log(`spot: ratio ${ratio.toFixed(3)} of the bare UPDATE baseline`);
      console.log(`spot: outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
    } finally {
      await sealer.stop();
      await market.stop();
    }
    const report = await checkLedger(db);
    console.log(
      `spot: ledger:check ${report.ok ? "ok" : "FAILED"} over ${report.transactions} transactions`,
    );
    if (!report.ok) {
      throw new Error(`ledger:check failed after the benchmark:\n${report.violations.join("\n")}`);
    }
  });
}

/** SHAPE.rows wallet users, each credited FUNDING before the clock starts. */
async function fundUsers(db: Db): Promise<string[]> {
  const userIds = await createBenchUsers(db, SHAPE.rows);
  // In parallel: it also warms up the pooled connections.
  await Promise.all(
    userIds.flatMap((userId) =>
      FUNDING.map(({ asset, units }) =>
        db.transaction((tx) =>
          credit(tx, {
            kind: "demo-credit",
            reference: "bench funding",
            userId,
            asset,
            amount: units,
            billType: 106,
            from: "demo-issuer",
          }),
        ),
      ),
    ),
  );
  return userIds;
}
