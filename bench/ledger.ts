// `npm run bench -- ledger`: the ledger's price on real PostgreSQL (DATABASE_URL). 32 concurrent
// clients run freeze + deduct cycles (a withdrawal's reserve and post, each its own database
// transaction, as the routes run them) over many pre-funded users, against the minimal
// double-entry cycle (concurrent-clients.ts `minimalCycleReference`) with the same clients over
// the same number of rows: cycles per second and p50/p99 latency per cycle, and the ratio of the
// rates (goal ≥ 0.5). A bare single-row UPDATE transaction is printed too, for the record.
// ledger:check runs at the end; any violation fails the benchmark. Everything lives in a schema
// of its own, dropped after.
import { randomBytes } from "node:crypto";
import type { Db } from "../server/db/db";
import { migrate } from "../server/db/migrate";
import { createPostgresDb } from "../server/db/postgres-db";
import { checkLedger } from "../server/domain/ledger/check-ledger";
import { credit, deduct, freeze } from "../server/domain/ledger/operations";
import { startLedgerSealer } from "../server/domain/ledger/seal-ledger";
import { recordGoal } from "./goals";
import {
  bareUpdateBaseline,
  createBenchUsers,
  minimalCycleReference,
  printSeries,
  runClients,
  serverVersion,
  type LoadShape,
} from "./concurrent-clients";

const URL = process.env["DATABASE_URL"] ?? "postgresql://postgres@127.0.0.1:5432/test";
const CLIENTS = Number(process.env["BENCH_LEDGER_CLIENTS"] ?? 32);
/** Users (and baseline rows). Enough that two clients rarely want one user's rows at once. */
const ROWS = Number(process.env["BENCH_LEDGER_ROWS"] ?? 256);
const WARM_UP_MS = Number(process.env["BENCH_LEDGER_WARM_UP_MS"] ?? 2_000);
const WINDOW_MS = Number(process.env["BENCH_LEDGER_WINDOW_MS"] ?? 10_000);
const GOAL = 0.5;
/** 1,000,000 USDT per user: no cycle in the window can run a balance dry. */
const FUNDING = 1_000_000n * 1_000_000n;
const FEE = 1_000n;
const SHAPE: LoadShape = {
  clients: CLIENTS,
  rows: ROWS,
  warmUpMs: WARM_UP_MS,
  windowMs: WINDOW_MS,
};
const print = (s: Parameters<typeof printSeries>[1]) => printSeries("ledger", s);

export async function benchLedger(): Promise<void> {
  const schema = `quanta_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = createPostgresDb({ url: URL, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = createPostgresDb({ url: URL, schema, max: CLIENTS });
  try {
    await migrate(db);
    const userIds = await fundUsers(db);
    console.log(
      `ledger: ${CLIENTS} clients, ${ROWS} users / rows, ${WARM_UP_MS} ms warm-up, ` +
        `${WINDOW_MS} ms window, PostgreSQL ${await serverVersion(db)}`,
    );
    const baseline = await bareUpdateBaseline(db, SHAPE);
    print(baseline);
    const minimal = await minimalCycleReference(db, SHAPE);
    print(minimal);
    let cycle = 0;
    // The sealer runs as in the server, on the same pool: its work is part of the price.
    const sealer = startLedgerSealer(db, { error: (err: unknown) => console.error(err) });
    const subject = await runClients(SHAPE, "freeze+deduct cycle", async (row) => {
      const userId = userIds[row] ?? "";
      cycle += 1;
      // Distinct small amounts (1.000001 USDT and up), as real withdrawals would be.
      const amount = 1_000_000n + BigInt(cycle % 1000) + FEE;
      const reference = `bench-${cycle}`;
      const frozen = await db.transaction((tx) =>
        freeze(tx, { kind: "withdraw", reference, userId, asset: "USDT", amount, billType: 201 }),
      );
      await db.transaction((tx) =>
        deduct(tx, {
          kind: "withdraw",
          reference,
          reservationId: frozen.reservationId ?? "",
          to: "withdrawals",
          billType: 203,
          fee: { amount: FEE, billType: 205 },
        }),
      );
    });
    await sealer.stop();
    print(subject);
    const ratio = subject.perSecond / minimal.perSecond;
    const goal = recordGoal({
      figure: "ledger: full freeze+deduct cycle / minimal cycle",
      value: ratio,
      kind: "atLeast",
      target: GOAL,
      baseline: "minimal double-entry cycle",
    });
    console.log(
      `ledger: ledger cycle / minimal cycle ${ratio.toFixed(3)} (${goal}); ` +
        `p50 ${subject.p50.toFixed(1)} vs ${minimal.p50.toFixed(1)} ms, ` +
        `p99 ${subject.p99.toFixed(1)} vs ${minimal.p99.toFixed(1)} ms`,
    );
    console.log(
      `ledger: minimal cycle / bare UPDATE ${(minimal.perSecond / baseline.perSecond).toFixed(3)}, ` +
        `ledger cycle / bare UPDATE ${(subject.perSecond / baseline.perSecond).toFixed(3)}`,
    );
    const report = await checkLedger(db);
    console.log(
      `ledger: ledger:check ${report.ok ? "ok" : "FAILED"} over ${report.transactions} transactions`,
    );
    if (!report.ok) {
      throw new Error(`ledger:check failed after the benchmark:\n${report.violations.join("\n")}`);
    }
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}

/** ROWS wallet users, each credited FUNDING (demo funds) before the clock starts. */
async function fundUsers(db: Db): Promise<string[]> {
  const userIds = await createBenchUsers(db, ROWS);
  // Funding in parallel also warms up the 32 pooled connections.
  await Promise.all(
    userIds.map((userId) =>
      db.transaction((tx) =>
        credit(tx, {
          kind: "demo-credit",
          reference: "bench funding",
          userId,
          asset: "USDT",
          amount: FUNDING,
          billType: 106,
          from: "demo-issuer",
        }),
      ),
    ),
  );
  return userIds;
}
