// PGlite belongs to one process (DESIGN §4): two processes writing one data directory corrupt it.
// A lock file beside the directory records the owner's pid; a lock left by a dead process is stale
// and taken over, so a crash never needs manual cleanup.
import { readFile, rm, writeFile } from "node:fs/promises";

export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database at ${dataDir} is in use by process ${pid}. ` +
        "Stop that server first (PGlite allows one process at a time).",
    );
    this.name = "DatabaseInUseError";
  }
}

/** Takes the lock for `dataDir`; resolves to a release function. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, `${process.pid}\n`, { flag: "wx" });
      return () => releaseLock(lockPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const holder = await readHolder(lockPath);
    // Our own pid counts as "in use" too: a second PGlite on the same directory in one process
    // corrupts it just the same.
    if (holder !== null && (holder === process.pid || isAlive(holder))) {
      throw new DatabaseInUseError(dataDir, holder);
    }
    await rm(lockPath, { force: true });
  }
  throw new Error(`Could not take the lock ${lockPath}; another process keeps replacing it`);
}

/**
 * The pid of the live process holding `dataDir`'s lock, or null when the database is free (no
 * lock, or a stale one). Operator commands use it to choose between opening the database and
 * asking the running server.
 */
export async function lockHolder(dataDir: string): Promise<number | null> {
  const holder = await readHolder(`${dataDir}.lock`);
  return holder !== null && isAlive(holder) ? holder : null;
}

async function releaseLock(lockPath: string): Promise<void> {
  // Only remove a lock that is still ours.
  if ((await readHolder(lockPath)) === process.pid) await rm(lockPath, { force: true });
}

async function readHolder(lockPath: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await readFile(lockPath, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
