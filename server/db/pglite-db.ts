// Embedded PostgreSQL (PGlite, WebAssembly) for demo mode and tests: file-backed under DATA_DIR,
// or in memory when no directory is given. It serialises all queries on one connection.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { PGlite, types, type Transaction } from "@electric-sql/pglite";
import {
  guardTx,
  notifySql,
  PendingNotifications,
  scopedChannel,
  type Db,
  type Queryable,
  type SessionLock,
  type SqlParam,
} from "./db";
import { lockDataDir } from "./pglite-lock";

export interface PgliteDbOptions {
  /** Directory of the database files; omitted = in memory (tests). */
  dataDir?: string;
  /**
   * An in-memory database starts as a copy of this dump (`dumpPgliteDb`) instead of a fresh
   * initdb: tests clone one migrated database per run rather than building it per file.
   */
  loadDataDir?: Blob;
}

// Match node-postgres: int8 and date stay text. PGlite would turn int8 into a JS number, which
// silently loses precision past 2^53 — fatal for amounts in smallest units.
const keepText = (value: string) => value;
const PARSERS = { [types.INT8]: keepText, [types.DATE]: keepText };

export async function createPgliteDb(options: PgliteDbOptions = {}): Promise<Db> {
  const { dataDir, loadDataDir } = options;
  if (dataDir !== undefined && loadDataDir !== undefined) {
    throw new Error("createPgliteDb: loadDataDir is for in-memory databases only");
  }
  let release: (() => Promise<void>) | undefined;
  if (dataDir !== undefined) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    release = await lockDataDir(dataDir);
  }
  try {
    const pg = await PGlite.create({ dataDir, loadDataDir, parsers: PARSERS });
    return new PgliteDb(pg, release);
  } catch (err) {
    await release?.();
    throw err;
  }
}

/** The whole data directory of a PGlite Db as a gzipped tarball, for `loadDataDir`. */
export function dumpPgliteDb(db: Db): Promise<Blob> {
  if (!(db instanceof PgliteDb)) throw new Error("dumpPgliteDb: not a PGlite database");
  return db.dump();
}

/**
 * Every statement ends with a turn of the event loop (`nextTurn`). PGlite runs each statement
 * synchronously on this thread and resolves at once, so a transaction's statements (finishing a
 * lab job: ~10 of them, one writing ~45 K of JSON) otherwise ran back to back in one task of
 * several ms, and every request that arrived meanwhile — even one that never touches the
 * database, like GET /market/tickers — waited for all of them. With a turn between statements it
 * waits for one (bench/README.md, quant-api: the event loop's p99.9 delay under the lab's load
 * 17 → 8 ms).
 */
function queryable(pg: PGlite | Transaction): Queryable {
  return {
    async query<T extends object>(sql: string, params?: readonly SqlParam[]) {
      const result = await pg.query<T>(sql, params ? [...params] : undefined);
      await nextTurn();
      return result.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async notify(channel: string, payloads: readonly string[]) {
      if (payloads.length > 0) await pg.query(notifySql(channel, payloads));
    },
  };
}

class PgliteDb implements Db {
  readonly kind = "pglite";
  readonly query: Queryable["query"];
  readonly exec: Queryable["exec"];
  readonly notify: Queryable["notify"];
  #closing: Promise<void> | undefined;

  constructor(
    private readonly pg: PGlite,
    private readonly release: (() => Promise<void>) | undefined,
  ) {
    const q = queryable(pg);
    this.query = q.query;
    this.exec = q.exec;
    this.notify = q.notify;
  }

  dump(): Promise<Blob> {
    return this.pg.dumpDataDir("gzip");
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const pending = new PendingNotifications();
    const result = await this.pg.transaction(async (inner) => {
      let open = true;
      try {
        return await fn(guardTx(queryable(inner), () => open, pending));
      } finally {
        open = false;
      }
    });
    // PGlite runs one transaction at a time, so this is only for the same rule as PostgreSQL.
    for (const sql of pending.statements()) await this.pg.query(sql).catch(() => undefined);
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void) {
    // Always "public" in practice; asked anyway so both databases follow one rule (db.ts).
    const [row] = await this.query<{ schema: string | null }>("SELECT current_schema() AS schema");
    const name = scopedChannel(channel, row?.schema ?? "public");
    // PGlite calls listeners from a microtask: a throw there would be an uncaught exception.
    const unlisten = await this.pg.listen(name, (payload) => safely(onPayload, payload));
    let listening = true;
    return async () => {
      if (!listening || this.#closing) return;
      listening = false;
      await unlisten();
    };
  }

  sessionLock(): SessionLock {
    // The data directory's lock file already admits one process (pglite-lock.ts): it leads.
    return {
      tryAcquire: async () => true,
      stillHeld: async () => true,
      release: async () => undefined,
    };
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.pg.close();
      await this.release?.();
    })();
    return this.#closing;
  }
}

function safely(onPayload: (payload: string) => void, payload: string): void {
  try {
    onPayload(payload);
  } catch (err) {
    // A listener that throws is a bug, not traffic; the db layer has no logger of its own.
    // eslint-disable-next-line no-console -- last-resort report, once per failing call
    console.error("notification listener failed", err);
  }
}
