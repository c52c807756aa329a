// PostgreSQL through a node-postgres pool: production, and the concurrency tests that PGlite
// (one serialised connection) cannot exercise.
import pg from "pg";
import { guardTx, type Db, type Queryable, type SqlParam } from "./db";

export interface PostgresDbOptions {
  url: string;
  /** Schema to use instead of `public` (isolated test schemas); must be a plain identifier. */
  schema?: string;
  /** Pool size. */
  max?: number;
  connectionTimeoutMillis?: number;
  /** Errors of idle pooled connections (server restart, network); without a listener they crash. */
  onIdleError?: (err: Error) => void;
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
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    application_name: "quanta",
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    types: { getTypeParser },
  });
  pool.on("error", (err) => options.onIdleError?.(err));
  return new PostgresDb(pool);
}

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends object>(sql: string, params?: readonly SqlParam[]) {
      const result = await client.query(sql, params ? [...params] : undefined);
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which allows many statements.
      await client.query(sql);
    },
  };
}

class PostgresDb implements Db {
  readonly kind = "postgres";
  readonly query: Queryable["query"];
  readonly exec: Queryable["exec"];
  #closing: Promise<void> | undefined;

  constructor(private readonly pool: pg.Pool) {
    const q = queryable(pool);
    this.query = q.query;
    this.exec = q.exec;
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let open = true;
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await fn(guardTx(queryable(client), () => open));
      await client.query("COMMIT");
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

  close(): Promise<void> {
    this.#closing ??= this.pool.end();
    return this.#closing;
  }
}
