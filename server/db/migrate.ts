// Applies pending migrations in order, each in its own transaction, and records them in
// schema_migrations. Every step first takes a transaction-scoped advisory lock, so two servers
// starting against one PostgreSQL database apply each migration exactly once (the loser waits,
// then sees it recorded). PGlite supports the same lock, so there is one code path.
import type { Db, Queryable } from "./db";
import { MigrationError, readMigrations, type Migration } from "./migration-files";

/** Arbitrary but fixed: "QUANT" in ASCII. Any process migrating Quanta uses the same key. */
const MIGRATION_LOCK_KEY = 0x5155414e54;

export interface MigrateResult {
  /** Names applied by this call, in order; empty when the database was up to date. */
  applied: string[];
}

export async function migrate(db: Db, options: { dir?: string } = {}): Promise<MigrateResult> {
  const migrations = await readMigrations(options.dir);

  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    verifyApplied(migrations, await appliedRows(tx));
  });

  const applied: string[] = [];
  for (const migration of migrations) {
    const didApply = await db.transaction(async (tx) => {
      await lock(tx);
      // Re-check under the lock: another process may have applied it since we looked.
      const done = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [
        migration.version,
      ]);
      if (done.length > 0) return false;
      try {
        await tx.exec(migration.sql);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        throw new MigrationError(`Migration ${migration.name} failed: ${reason}`, { cause: err });
      }
      await tx.query(
        "INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
        [migration.version, migration.name, migration.checksum],
      );
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return { applied };
}

interface AppliedRow {
  version: number;
  name: string;
  checksum: string;
}

async function lock(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
}

function appliedRows(tx: Queryable): Promise<AppliedRow[]> {
  return tx.query<AppliedRow>(
    "SELECT version, name, checksum FROM schema_migrations ORDER BY version",
  );
}

/** Refuses to run against a database whose history differs from the files in this checkout. */
function verifyApplied(migrations: Migration[], rows: AppliedRow[]): void {
  for (const row of rows) {
    const file = migrations.find((m) => m.version === row.version);
    if (!file) {
      throw new MigrationError(
        `The database has migration ${row.name}, which this version of Quanta does not know; ` +
          "is the code older than the database?",
      );
    }
    if (file.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${file.name} was edited after it was applied; never change an applied ` +
          "migration, add a new one instead",
      );
    }
  }
}
