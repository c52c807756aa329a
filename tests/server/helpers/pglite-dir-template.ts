// One migrated on-disk PGlite data directory per checkout, copied into the DATA_DIR of every real
// server a test starts. A fresh data directory costs the server an initdb (~3.5 s of CPU) plus the
// migrations before it listens; a copied one opens in a third of a second, exactly as the server
// opens its database on a restart. The template is what `createPgliteDb` + `migrate` make, keyed
// like the in-memory template (PGlite's version and every migration's checksum), and the server
// still runs `migrate` on it: a template that does not match the checkout is refused there.
// The first start on an empty directory stays tested where it matters (server-process.test.ts,
// db.test.ts and the CLI tests start without a copy).
import { cpSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { migrate } from "../../../server/db/migrate";
import { createPgliteDb } from "../../../server/db/pglite-db";
import { TEST_CACHE_DIR, templateKey } from "./pglite-template";

let shared: Promise<string> | undefined;

/**
 * Copies the migrated template to `pgliteDir` (the server's DATA_DIR/pglite) unless that
 * directory exists already: a restart in a test keeps the database its first start wrote.
 */
export async function seedMigratedPglite(pgliteDir: string): Promise<void> {
  if (await exists(pgliteDir)) return;
  shared ??= templateDir().catch((err: unknown) => {
    shared = undefined; // a failed build is retried by the next server, not cached
    throw err;
  });
  await mkdir(path.dirname(pgliteDir), { recursive: true });
  // Synchronous on purpose: fs/promises' cp took ~1 s for the template's ~1,300 files, cpSync
  // ~0.17 s (one round trip through the thread pool per file and step, against none).
  cpSync(await shared, pgliteDir, { recursive: true });
}

async function templateDir(): Promise<string> {
  const dir = path.join(TEST_CACHE_DIR, `pglite-dir-${(await templateKey()).slice(0, 16)}`);
  if (await exists(dir)) return dir;
  // Built beside its final name and renamed: a worker building the same template in parallel
  // either wins the rename or finds the finished directory; no one copies a half-made one.
  const partial = `${dir}.${process.pid}.tmp`;
  await rm(partial, { recursive: true, force: true });
  const db = await createPgliteDb({ dataDir: partial });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  try {
    await rename(partial, dir);
  } catch (err) {
    if (!(await exists(dir))) throw err;
    await rm(partial, { recursive: true, force: true }); // another worker finished first
  }
  return dir;
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
