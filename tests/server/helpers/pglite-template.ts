// One migrated PGlite per test run, cloned by every test file. A fresh in-memory PGlite costs an
// initdb (~3–4 s of CPU) plus the migrations; loading a dumped data directory costs about a third
// of that. The dump is made by the very same createPgliteDb + migrate a file would run, and is
// cached on disk under a key of the PGlite version and every migration's name and checksum, so
// an edited or added migration (or a PGlite upgrade) builds a new template on its next use.
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "../../../server/db/db";
import { migrate } from "../../../server/db/migrate";
import { readMigrations } from "../../../server/db/migration-files";
import { createPgliteDb, dumpPgliteDb } from "../../../server/db/pglite-db";

/** Shared with the other test caches; node_modules/ is ignored by git and wiped by `npm ci`. */
export const TEST_CACHE_DIR = fileURLToPath(
  new URL("../../../node_modules/.cache/quanta-tests/", import.meta.url),
);

let template: Promise<Blob> | undefined;

/**
 * An in-memory PGlite holding exactly what `createPgliteDb()` + `migrate()` produce. `migrate`
 * still runs on the clone: it checks every recorded checksum against the files (so a template
 * that does not match this checkout is refused) and would apply anything missing.
 */
export async function openMigratedPglite(): Promise<Db> {
  const db = await createPgliteDb({ loadDataDir: await migratedTemplate() });
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

function migratedTemplate(): Promise<Blob> {
  template ??= loadOrBuildTemplate().catch((err: unknown) => {
    template = undefined; // a failed build is retried by the next file, not cached
    throw err;
  });
  return template;
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = path.join(
    TEST_CACHE_DIR,
    `pglite-migrated-${(await templateKey()).slice(0, 16)}.tgz`,
  );
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // missing: build it below
  }
  const db = await createPgliteDb();
  let dump: Blob;
  try {
    await migrate(db);
    dump = await dumpPgliteDb(db);
  } finally {
    await db.close();
  }
  await mkdir(TEST_CACHE_DIR, { recursive: true });
  // Write then rename: a file running in parallel never reads a half-written template.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

export async function templateKey(): Promise<string> {
  // Read from disk: the package's "exports" do not expose its package.json to require().
  const manifest = fileURLToPath(
    new URL("../../../node_modules/@electric-sql/pglite/package.json", import.meta.url),
  );
  const pglite = (JSON.parse(await readFile(manifest, "utf8")) as { version: string }).version;
  const migrations = await readMigrations();
  const hash = createHash("sha256").update(`pglite ${pglite}\n`);
  for (const m of migrations) hash.update(`${m.version} ${m.name} ${m.checksum}\n`);
  return hash.digest("hex");
}
