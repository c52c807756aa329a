// resetDb between tests restores a migrated database's content instead of migrating again
// (helpers/db-baseline.ts). These tests hold it to what it replaces: after real writes (a user, a
// session, ledger postings with their chain, a change log) every table and sequence is exactly as
// right after migrating, the ledger checks clean and takes new postings; and a test that changed
// the schema gets a freshly migrated one. PGlite, and PostgreSQL when DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/db";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { schemaFingerprint } from "./helpers/db-baseline";
import { createUserSession } from "./helpers/sessions";
import { balancesOf, fund } from "./helpers/spot";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

/** Every table's rows (sorted) and every sequence's position in the current schema. */
async function contentOf(db: Db): Promise<Record<string, unknown>> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' ORDER BY relname`,
  );
  const content: Record<string, unknown> = {};
  for (const { name } of tables) {
    const rows = await db.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
    content[name] = rows.map((r) => r.row).sort();
  }
  const sequences = await db.query<{ name: string }>(
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname`,
  );
  for (const { name } of sequences) {
    content[`sequence ${name}`] = await db.query(`SELECT last_value, is_called FROM ${name}`);
  }
  return content;
}

/** Row counts for tables, positions for sequences. */
function shapeOf(content: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(content).map(([name, value]) =>
      name.startsWith("sequence ") ? [name, value] : [name, (value as unknown[]).length],
    ),
  );
}

async function writeEverywhere(db: Db): Promise<void> {
  const alice = await createUserSession(db);
  const bob = await createUserSession(db);
  await fund(db, alice.userId, "USDT", 5_000_000n);
  await fund(db, bob.userId, "BTC", 1_000n);
  expect(await balancesOf(db, alice.userId)).not.toEqual([]);
}

function baselineTests(getDb: () => Db): void {
  it("returns every table and sequence to the migrated content after real writes", async () => {
    const db = getDb();
    await resetDb(db);
    const migrated = await contentOf(db);
    await writeEverywhere(db);
    expect(await contentOf(db)).not.toEqual(migrated);

    await resetDb(db);
    expect(await contentOf(db)).toEqual(migrated);
    expect((await checkLedger(db)).ok).toBe(true);
    // The restored ledger chain and sequences take new postings as a fresh one would.
    await writeEverywhere(db);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it("migrates again when a test changed the schema, dropping what the test added", async () => {
    const db = getDb();
    await resetDb(db);
    const shape = await schemaFingerprint(db);
    const migrated = await contentOf(db);
    await db.exec(`
      CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE TRIGGER test_refuse BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION test_refuse();
      DROP TRIGGER instance_guard ON instance;`);
    expect(await schemaFingerprint(db)).not.toBe(shape);
    await expect(createUserSession(db)).rejects.toThrow(/refused by the test/);

    await resetDb(db);
    expect(await schemaFingerprint(db)).toBe(shape);
    // A fresh migration: the same rows in number (new times and a new instance id in them).
    expect(shapeOf(await contentOf(db))).toEqual(shapeOf(migrated));
    await writeEverywhere(db);
    expect((await checkLedger(db)).ok).toBe(true);
  });
}

describe("resetDb (PGlite)", () => baselineTests(usePglite()));
describePostgres("resetDb", (pg) => baselineTests(pg.db));
