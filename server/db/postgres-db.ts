// PostgreSQL through a node-postgres pool: production, and the concurrency tests that PGlite
// (one serialised connection) cannot exercise.
import { createHash } from "node:crypto";
import pg from "pg";
import {
  guardTx,
  PendingNotifications,
  type Db,
  type ListenOptions,
  type Queryable,
  type SessionLock,
  type SqlParam,
} from "./db";
import { PgListener } from "./pg-listener";
import { PgSessionLock } from "./pg-session-lock";
import { PgNotifier } from "./pg-notifier";

export interface PostgresDbOptions {
  url: string;
  /** Schema to use instead of `public` (isolated test schemas); must be a plain identifier. */
  schema?: string;
  /** Pool size. */
  max?: number;
  connectionTimeoutMillis?: number;
  /** Errors of idle pooled connections (server restart, network); without a listener they crash. */
  onIdleError?: (err: Error) => void;
  /** The listening connection (db.listen) was lost or could not reconnect; it retries itself. */
  onListenError?: (err: Error, retryInMs: number) => void;
}

// Same answers as PGlite: int8, numeric and date stay text (no lossy number, no local-time Date).
const TEXT_TYPES = new Set<number>([pg.types.builtins.INT8, pg.types.builtins.DATE]);
const getTypeParser = ((oid: number, format?: "text" | "binary") =>
  TEXT_TYPES.has(oid)
    ? (value: string) => value
    : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser;

export function createPostgresDb(options: PostgresDbOptions): Db {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(options.schema)) {
    throw new Error(`Invalid schema name "${options.schema}"`);
  }
  const connection = {
    connectionString: options.url,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  };
  const pool = new pg.Pool({
    ...connection,
    max: options.max ?? 10,
    application_name: "quanta",
    types: { getTypeParser },
  });
  pool.on("error", (err) => options.onIdleError?.(err));
  const listener = new PgListener({
    client: { ...connection, application_name: "quanta-listen" },
    onError: options.onListenError,
  });
  const lockClient = { ...connection, application_name: "quanta-lock" };
  return new PostgresDb(pool, listener, new PgNotifier(pool), lockClient);
}

function queryable(client: pg.Pool | pg.PoolClient): Pick<Queryable, "query" | "exec"> {
  return {
    async query<T extends object>(sql: string, params?: readonly SqlParam[]) {
      const result = await client.query({
        name: statementName(sql),
        text: sql,
        values: params ? [...params] : undefined,
      });
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which allows many statements.
      await client.query(sql);
    },
  };
}

const statementNames = new Map<string, string>();

/**
 * Every parameterised statement is prepared once per connection, under a name derived from its
 * text, and its plan reused: the ledger's postings are few, long statements run thousands of
 * times, and parsing and planning them again each time cost more than running them.
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `q_${createHash("sha256").update(sql, "utf8").digest("hex").slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

class PostgresDb implements Db {
  readonly kind = "postgres";
  readonly query: Queryable["query"];
  readonly exec: Queryable["exec"];
  readonly notify: Queryable["notify"];
  #closing: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly listener: PgListener,
    private readonly notifier: PgNotifier,
    private readonly lockClient: pg.ClientConfig,
  ) {
    const q = queryable(pool);
    this.query = q.query;
    this.exec = q.exec;
    // Through the notifier too, so they keep their order behind committed transactions' ones.
    this.notify = async (channel, payloads) => {
      const pending = new PendingNotifications();
      pending.add(channel, payloads);
      this.notifier.enqueue(pending);
      await this.notifier.idle();
    };
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let open = true;
    let broken: Error | undefined;
    const pending = new PendingNotifications();
    try {
      await client.query("BEGIN");
      const result = await fn(guardTx(queryable(client), () => open, pending));
      await client.query("COMMIT");
      // Sent by the notifier, not awaited: committed is committed, a hint must not delay it.
      this.notifier.enqueue(pending);
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch((rollbackError: unknown) => {
        // A connection that cannot roll back is unusable: destroy it instead of pooling it.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw err;
    } finally {
      open = false;
      client.release(broken);
    }
  }

  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions) {
    return this.listener.listen(channel, onPayload, options?.onReconnect);
  }

  sessionLock(name: string): SessionLock {
    return new PgSessionLock(this.lockClient, name);
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.notifier.idle();
      await this.listener.close();
      await this.pool.end();
    })();
    return this.#closing;
  }
}
