// The one database interface the server uses. Two implementations (PGlite for demo and tests,
// PostgreSQL for production) answer it identically, so repositories never know which one runs.
// Type parsing is aligned: int8 and numeric come back as strings, never as a lossy JS number.
import { createHash } from "node:crypto";

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
  /**
   * NOTIFY `channel` (scoped to the schema like `listen`) once per payload, in order. Inside a
   * transaction they are sent after it commits, and never if it rolls back; outside, now.
   *
   * Why not pg_notify inside the transaction: PostgreSQL serialises the commits of notifying
   * transactions on one database-wide lock, held while the commit record is flushed, so money
   * postings (whose bills are change-log entries) would commit one at a time again. Sent after
   * commit, by a transaction of their own that does not wait for the flush, they cost nobody a
   * wait. A notification is a hint to pull (a crash right after commit loses it; listeners catch
   * up on their next pull), never the data itself.
   */
  notify(channel: string, payloads: readonly string[]): Promise<void>;
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
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (a plain lower-case identifier) sent with
   * `pg_notify(${scopedChannelSql("$1")}, …)` by a committed transaction — PostgreSQL delivers
   * a NOTIFY only on commit. Resolves once listening; the result stops it. On PostgreSQL one
   * connection per Db carries every channel and reconnects by itself; notifications sent while it
   * was down are lost, so `onReconnect` runs after each reconnection for the caller to catch up.
   * `close()` ends all listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /**
   * A database-wide lock named `name`, held by one Db at a time across processes (leadership of
   * the background workers, domain/leadership). PostgreSQL: a session advisory lock on a
   * connection of its own, released when that connection ends, however the process dies. PGlite
   * belongs to one process, so its lock is always granted.
   */
  sessionLock(name: string): SessionLock;
  close(): Promise<void>;
}

export interface SessionLock {
  /** Takes the lock if free (never waits); true when this Db holds it. Throws when unreachable. */
  tryAcquire(): Promise<boolean>;
  /** While held: whether the lock's connection still answers; false means the lock is lost. */
  stillHeld(): Promise<boolean>;
  /** Gives it up (ends its connection). Safe to call when not held, and twice. */
  release(): Promise<void>;
}

export interface ListenOptions {
  /** After the listening connection was lost and is back (PostgreSQL only). */
  onReconnect?: () => void;
}

/**
 * NOTIFY channels are global to a database, while Quanta's tables live in one schema: test
 * suites run in parallel schemas of one database, and two installs may share one. So a channel
 * is scoped to the schema: `public` keeps the plain name (an operator can `LISTEN quanta_change`
 * in psql); any other schema appends "_" and the first 12 hex digits of sha256(schema), which
 * keeps the name within PostgreSQL's 63-byte limit whatever the schema is called.
 */
export function scopedChannel(channel: string, schema: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
  if (schema === "public") return channel;
  return `${channel}_${createHash("sha256").update(schema, "utf8").digest("hex").slice(0, 12)}`;
}

/** The same rule in SQL, for the channel in parameter `param` (e.g. "$1") and the session's
 * current schema; the notifying and the listening side therefore always agree. */
export function scopedChannelSql(param: string): string {
  const schema = "coalesce(current_schema(), 'public')";
  return `CASE WHEN ${schema} = 'public' THEN ${param}::text
    ELSE ${param}::text || '_' || left(encode(sha256(convert_to(${schema}, 'UTF8')), 'hex'), 12) END`;
}

/** Short enough that the scoped name (+13 characters) stays under 63 bytes. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,47}$/;

/** Payloads are inlined in the notifying statement: plain ids and counters only. */
const PAYLOAD = /^[A-Za-z0-9_:.-]{1,200}$/;

/** One statement sending every payload on the scoped channel; parameters inlined (checked). */
export function notifySql(channel: string, payloads: readonly string[]): string {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
  for (const p of payloads) {
    if (!PAYLOAD.test(p)) throw new Error(`Invalid notification payload "${p}"`);
  }
  const values = payloads.map((p, i) => `('${p}', ${i})`).join(", ");
  return `SELECT count(pg_notify(${scopedChannelSql(`'${channel}'`)}, p))
            FROM (SELECT p FROM (VALUES ${values}) AS v (p, i) ORDER BY i) n`;
}

/** Notifications a transaction asked for, sent once it has committed. */
export class PendingNotifications {
  readonly #byChannel = new Map<string, string[]>();

  /** Refuses (throws) a bad channel or payload now, where the caller can see it. */
  add(channel: string, payloads: readonly string[]): void {
    if (!CHANNEL.test(channel)) throw new Error(`Invalid channel name "${channel}"`);
    for (const p of payloads) {
      if (!PAYLOAD.test(p)) throw new Error(`Invalid notification payload "${p}"`);
    }
    const list = this.#byChannel.get(channel) ?? [];
    list.push(...payloads);
    this.#byChannel.set(channel, list);
  }

  /** Moves everything `other` holds into this one, in order. */
  takeFrom(other: PendingNotifications): void {
    for (const [channel, payloads] of other.#byChannel) this.add(channel, payloads);
    other.#byChannel.clear();
  }

  get isEmpty(): boolean {
    return [...this.#byChannel.values()].every((payloads) => payloads.length === 0);
  }

  /** The statements to send them (one per channel); empty when nothing was asked for. */
  statements(): string[] {
    return [...this.#byChannel].flatMap(([channel, payloads]) =>
      payloads.length === 0 ? [] : [notifySql(channel, payloads)],
    );
  }
}

/**
 * Wraps a transaction so that a stray use after commit/rollback fails loudly instead of leaking;
 * its notifications are collected in `pending` for the Db to send after commit.
 */
export function guardTx(
  inner: Pick<Queryable, "query" | "exec">,
  isOpen: () => boolean,
  pending: PendingNotifications,
): Tx {
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
    notify: async (channel, payloads) => {
      check();
      pending.add(channel, payloads);
    },
  };
}
