// Databases for server tests: real PGlite and PostgreSQL, never mocks.
// PGlite takes ~4 s and a few hundred MB to open, so each test file (one vitest fork) opens one
// in-memory instance, shares it between its tests and resets it with resetDb instead of reopening.
// That instance is a clone of one migrated database per run (pglite-template.ts), which skips the
// initdb; resetDb and the migration tests still migrate from an empty schema.
import { afterAll, beforeAll, describe } from "vitest";
import type { Db } from "../../../server/db/db";
import { migrate } from "../../../server/db/migrate";
import { createPostgresDb } from "../../../server/db/postgres-db";
import { restoreBaseline, takeBaseline, type DbBaseline } from "./db-baseline";
import { openMigratedPglite } from "./pglite-template";

/**
 * Call once, at the top level of a test file: opens an in-memory PGlite before the file's tests,
 * migrates it, closes it after them, and returns a getter for it.
 */
export function usePglite(): () => Db {
  let db: Db | undefined;
  beforeAll(async () => {
    // Same content as createPgliteDb() + migrate(db), at about a third of the cost.
    db = await openMigratedPglite();
  });
  afterAll(async () => {
    await db?.close();
  });
  return () => {
    if (!db) throw new Error("usePglite(): the database opens in beforeAll; use it inside tests");
    return db;
  };
}

/** Drops everything in the db's current schema, leaving it empty (not even migrated). */
export async function emptyDb(db: Db): Promise<void> {
  const [row] = await db.query<{ schema: string }>("SELECT current_schema() AS schema");
  const schema = quoteIdent(row?.schema ?? "public");
  await db.exec(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema};`);
}

const baselines = new WeakMap<Db, DbBaseline>();

/**
 * A fresh, migrated database without reopening it: fast enough to call between tests. The first
 * call on a db empties and migrates its schema and keeps that content; later calls restore it
 * (db-baseline.ts), or migrate again when a test has changed the schema.
 */
export async function resetDb(db: Db): Promise<void> {
  const baseline = baselines.get(db);
  if (baseline && (await restoreBaseline(db, baseline))) return;
  await emptyDb(db);
  await migrate(db);
  const taken = await takeBaseline(db);
  if (taken) baselines.set(db, taken);
}

/** Set by .ci/run (and by hand) to run the PostgreSQL suites too. */
export const POSTGRES_URL = process.env.DATABASE_URL;

export interface PgTestSchema {
  schema: string;
  /** A new pool on the schema; several pools stand in for several server processes. */
  open(): Db;
  /** Closes every pool opened here and drops the schema. Touches nothing else. */
  drop(): Promise<void>;
}

/** A fresh, uniquely named schema in the DATABASE_URL database, for one test file. */
export async function createPgTestSchema(url: string): Promise<PgTestSchema> {
  const schema = `quanta_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = createPostgresDb({ url, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const pools: Db[] = [];
  return {
    schema,
    open() {
      const db = createPostgresDb({ url, schema, max: 4 });
      pools.push(db);
      return db;
    },
    async drop() {
      await Promise.all(pools.map((db) => db.close()));
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface PgSuite {
  /** A pool on the suite's own fresh schema. */
  db: () => Db;
  schema: () => PgTestSchema;
}

/**
 * A describe block on real PostgreSQL in a fresh schema (dropped afterwards): runs only when
 * DATABASE_URL is set (.ci/run sets it) and otherwise shows up, by name, as skipped.
 */
export function describePostgres(
  title: string,
  body: (pg: PgSuite) => void,
  options: { migrate?: boolean } = {},
): void {
  const name = POSTGRES_URL
    ? `${title} (DATABASE_URL)`
    : `${title} — skipped: DATABASE_URL is not set`;
  describe.runIf(POSTGRES_URL)(name, () => {
    let schema: PgTestSchema | undefined;
    let db: Db | undefined;
    beforeAll(async () => {
      schema = await createPgTestSchema(POSTGRES_URL ?? "");
      db = schema.open();
      if (options.migrate) await migrate(db);
    });
    afterAll(async () => {
      await schema?.drop();
    });
    const opened = <T>(value: T | undefined): T => {
      if (value === undefined) throw new Error("describePostgres: the schema opens in beforeAll");
      return value;
    };
    body({ db: () => opened(db), schema: () => opened(schema) });
  });
}
