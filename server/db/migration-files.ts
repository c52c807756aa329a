// Reads the numbered SQL migrations. A misnamed, duplicated or missing number is an error here,
// because a file silently skipped or applied out of order would leave schemas that differ
// between machines.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Migration {
  version: number;
  /** File name, e.g. `001_instance.sql`. */
  name: string;
  sql: string;
  /** sha256 of the SQL (line endings normalised), to detect edits after it was applied. */
  checksum: string;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

const NAME = /^(\d{3})_[a-z0-9]+(?:_[a-z0-9]+)*\.sql$/;

export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MigrationError";
  }
}

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith(".sql")).sort();
  const migrations: Migration[] = [];
  for (const name of files) {
    const match = NAME.exec(name);
    if (!match) {
      throw new MigrationError(
        `Migration file "${name}" is misnamed; use NNN_snake_case_name.sql (e.g. 002_users.sql)`,
      );
    }
    const sql = (await readFile(path.join(dir, name), "utf8")).replace(/\r\n/g, "\n");
    migrations.push({ version: Number(match[1]), name, sql, checksum: sha256(sql) });
  }
  migrations.forEach((m, index) => {
    if (m.version !== index + 1) {
      throw new MigrationError(
        `Migrations must be numbered 001, 002, ... without gaps or duplicates; ` +
          `expected ${String(index + 1).padStart(3, "0")} but found "${m.name}"`,
      );
    }
  });
  return migrations;
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
