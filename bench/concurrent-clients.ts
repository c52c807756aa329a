// What the PostgreSQL benchmarks (ledger, spot) share: a schema of their own, wallet users, N
// concurrent clients running an operation back to back with a warm-up and a measured window, and
// the baseline every one of them is compared with — a bare single-row UPDATE transaction run by
// the same clients over as many rows as there are users.
import { randomBytes } from "node:crypto";
import type { Db } from "../server/db/db";
import { migrate } from "../server/db/migrate";
import { createPostgresDb } from "../server/db/postgres-db";
import { insertWalletUser } from "../server/db/repositories/user-repository";

export const BENCH_DATABASE_URL =
  process.env["DATABASE_URL"] ?? "postgresql://postgres@127.0.0.1:5432/test";

export interface LoadShape {
  clients: number;
  /** Users (and baseline rows): a client picks one uniformly at random per operation. */
  rows: number;
  warmUpMs: number;
  windowMs: number;
}

export interface Series {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  count: number;
}

/**
 * Runs `body` on a fresh, migrated schema (`quanta_bench_<pid>_<hex>`) with a pool of
 * `connections`, and drops the schema afterwards whatever happens.
 */
export async function withBenchSchema<T>(
  connections: number,
  body: (db: Db) => Promise<T>,
): Promise<T> {
  const schema = `quanta_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = createPostgresDb({ url: BENCH_DATABASE_URL, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = createPostgresDb({ url: BENCH_DATABASE_URL, schema, max: connections });
  try {
    await migrate(db);
    return await body(db);
  } finally {
    await db.close();
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  }
}

/** `count` wallet users. */
export async function createBenchUsers(db: Db, count: number): Promise<string[]> {
  const userIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await insertWalletUser(db, {
      address: `0x${randomBytes(20).toString("hex")}`,
      inviteCode: `B${i.toString(36).toUpperCase().padStart(7, "0")}`,
      referrerId: null,
    });
    if (user === null) throw new Error("bench user could not be created");
    userIds.push(user.id);
  }
  return userIds;
}

/** The baseline: `BEGIN; UPDATE bench_counter SET n = n + 1 WHERE id = $1; COMMIT`. */
export async function bareUpdateBaseline(db: Db, shape: LoadShape): Promise<Series> {
  await db.exec(
    `CREATE TABLE bench_counter (id integer PRIMARY KEY, n bigint NOT NULL DEFAULT 0);
     INSERT INTO bench_counter (id) SELECT generate_series(1, ${shape.rows});`,
  );
  return runClients(shape, "bare UPDATE transaction", (row) =>
    db.transaction(async (tx) => {
      await tx.query("UPDATE bench_counter SET n = n + 1 WHERE id = $1", [row + 1]);
    }),
  );
}

/**
 * A reference for the ledger, not the goal's baseline: the cheapest freeze + deduct cycle a
 * double-entry ledger could run. Two transactions as in the ledger; each updates one balance row
 * (CHECKs keep it ≥ 0) and appends one journal row holding both legs — no bills, change log,
 * reservation, hash chain or foreign keys. What the ledger costs beyond this is its features.
 */
export async function minimalCycleReference(db: Db, shape: LoadShape): Promise<Series> {
  await db.exec(
    `CREATE TABLE bench_balance (
       id integer PRIMARY KEY,
       available bigint NOT NULL CHECK (available >= 0),
       frozen bigint NOT NULL DEFAULT 0 CHECK (frozen >= 0));
     CREATE TABLE bench_journal (
       id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       account integer NOT NULL, debit text NOT NULL, credit text NOT NULL, amount bigint NOT NULL);
     INSERT INTO bench_balance (id, available) SELECT generate_series(1, ${shape.rows}), 1000000000000000;`,
  );
  const post = (row: number, from: string, to: string, sql: string) =>
    db.transaction(async (tx) => {
      await tx.query(sql, [row + 1]);
      await tx.query(
        "INSERT INTO bench_journal (account, debit, credit, amount) VALUES ($1, $2, $3, 1000)",
        [row + 1, from, to],
      );
    });
  return runClients(shape, "minimal double-entry freeze+deduct cycle", async (row) => {
    await post(
      row,
      "available",
      "frozen",
      "UPDATE bench_balance SET available = available - 1000, frozen = frozen + 1000 WHERE id = $1",
    );
    await post(
      row,
      "frozen",
      "withdrawals",
      "UPDATE bench_balance SET frozen = frozen - 1000 WHERE id = $1",
    );
  });
}

/**
 * `clients` loops, each running `op` back to back on a uniformly random row, so two clients now and
 * then want the same row, as two requests of one user would. Operations ending in the window count.
 */
export async function runClients(
  shape: LoadShape,
  name: string,
  op: (row: number, client: number) => Promise<void>,
): Promise<Series> {
  const start = performance.now();
  const windowStart = start + shape.warmUpMs;
  const windowEnd = windowStart + shape.windowMs;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: shape.clients }, async (_, client) => {
      while (performance.now() < windowEnd) {
        const began = performance.now();
        await op(Math.floor(Math.random() * shape.rows), client);
        const ended = performance.now();
        if (ended >= windowStart && ended < windowEnd) latencies.push(ended - began);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    name,
    perSecond: (latencies.length * 1000) / shape.windowMs,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    count: latencies.length,
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

export function printSeries(title: string, s: Series): void {
  console.log(
    `${title}: ${s.name}: ${s.perSecond.toFixed(0)}/s (${s.count} in the window), ` +
      `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`,
  );
}

export async function serverVersion(db: Db): Promise<string> {
  const [row] = await db.query<{ server_version: string }>("SHOW server_version");
  return row?.server_version ?? "?";
}
