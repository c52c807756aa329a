// Opens the database the configuration names: embedded PGlite (demo) or PostgreSQL.
import type { DatabaseConfig } from "../config";
import type { Db } from "./db";
import { createPgliteDb } from "./pglite-db";
import { createPostgresDb, type PostgresDbOptions } from "./postgres-db";

export async function openDb(
  database: DatabaseConfig,
  options: Pick<PostgresDbOptions, "onIdleError" | "onListenError"> = {},
): Promise<Db> {
  return database.kind === "pglite"
    ? createPgliteDb({ dataDir: database.dataDir })
    : createPostgresDb({ url: database.url, ...options });
}
