// The one database interface the server uses. Two implementations (PGlite for demo and tests,
// PostgreSQL for production) answer it identically, so repositories never know which one runs.
// Type parsing is aligned: int8 and numeric come back as strings, never as a lossy JS number.

export type SqlParam = string | number | bigint | boolean | Date | null | Uint8Array | unknown[];

/** What both a connection and an open transaction can do. */
export interface Queryable {
  /** One statement with `$1`-style parameters; resolves to the returned rows. */
  query<T extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly SqlParam[],
  ): Promise<T[]>;
  /** Several statements without parameters (migrations, schema resets). */
  exec(sql: string): Promise<void>;
}

/** A transaction handle; it refuses to run queries once its transaction has ended. */
export type Tx = Queryable;

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Use only `tx` inside `fn`; on PGlite a query on the Db itself would wait for the transaction.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Wraps a transaction so that a stray use after commit/rollback fails loudly instead of leaking. */
export function guardTx(inner: Queryable, isOpen: () => boolean): Tx {
  const check = () => {
    if (!isOpen()) throw new Error("Transaction already finished; use it only inside its callback");
  };
  return {
    query: (sql, params) => {
      check();
      return inner.query(sql, params);
    },
    exec: (sql) => {
      check();
      return inner.exec(sql);
    },
  };
}
