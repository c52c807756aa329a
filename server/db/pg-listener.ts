// LISTEN on PostgreSQL: one dedicated connection per Db carries every channel. Pooled
// connections cannot listen (a notification arrives only on the connection that listens, and the
// pool hands connections around), so this one is a plain pg.Client, opened on the first listen
// and reopened with backoff whenever it drops; close() ends it for good.
import pg from "pg";
import { scopedChannel } from "./db";

export interface PgListenerOptions {
  /** Connection settings of the pool, schema (search_path) included. */
  client: pg.ClientConfig;
  /** A lost or failed listening connection, and when the next attempt runs. */
  onError?: (err: Error, retryInMs: number) => void;
}

type Handler = (payload: string) => void;

interface Subscription {
  onPayload: Handler;
  onReconnect?: () => void;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

export class PgListener {
  readonly #options: PgListenerOptions;
  /** Scoped channel name -> subscriptions. */
  readonly #channels = new Map<string, Set<Subscription>>();
  /** LISTEN statements in flight, by scoped channel name. */
  readonly #pending = new Map<string, Promise<void>>();
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  #schema: string | null = null;
  #failures = 0;
  #retryTimer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: PgListenerOptions) {
    this.#options = options;
  }

  async listen(
    channel: string,
    onPayload: Handler,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error("The database is closed");
    const client = await this.#connected();
    const name = scopedChannel(channel, this.#schema ?? "public");
    const subscription: Subscription = { onPayload, onReconnect };
    let subscribers = this.#channels.get(name);
    if (subscribers === undefined) {
      subscribers = new Set();
      this.#channels.set(name, subscribers);
      // Concurrent first listeners of a channel all wait for the one LISTEN.
      this.#pending.set(
        name,
        client.query(`LISTEN ${quoteIdent(name)}`).then(
          () => void this.#pending.delete(name),
          (err: unknown) => {
            this.#pending.delete(name);
            if (this.#channels.get(name)?.size === 0) this.#channels.delete(name);
            throw err;
          },
        ),
      );
    }
    await this.#pending.get(name);
    subscribers.add(subscription);
    return async () => {
      const current = this.#channels.get(name);
      if (current === undefined || !current.delete(subscription) || current.size > 0) return;
      this.#channels.delete(name);
      // A dropped connection listens to nothing; the next one re-LISTENs only what is left.
      await this.#client?.query(`UNLISTEN ${quoteIdent(name)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const client = this.#client ?? (await this.#connecting?.catch(() => null));
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  /** The listening connection, opened (with every channel re-LISTENed) when there is none. */
  #connected(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({ ...this.#options.client, keepAlive: true });
    client.on("notification", (message) => {
      if (message.payload === undefined) return;
      for (const subscription of this.#channels.get(message.channel) ?? []) {
        deliver(subscription.onPayload, message.payload);
      }
    });
    // Without an error listener a lost connection would crash the process.
    client.on("error", (err) => this.#lost(client, err));
    client.on("end", () => this.#lost(client, new Error("The listening connection ended")));
    try {
      await client.connect();
      const [row] = (
        await client.query<{ schema: string | null }>("SELECT current_schema() AS schema")
      ).rows;
      this.#schema = row?.schema ?? "public";
      for (const name of this.#channels.keys()) await client.query(`LISTEN ${quoteIdent(name)}`);
    } catch (err) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      throw new Error("The database is closed");
    }
    this.#client = client;
    return client;
  }

  #lost(client: pg.Client, err: Error): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = null;
    client.removeAllListeners("end");
    client.end().catch(() => undefined);
    this.#scheduleReconnect(err);
  }

  #scheduleReconnect(err: Error): void {
    if (this.#closed || this.#retryTimer) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.#failures);
    this.#failures += 1;
    this.#options.onError?.(err, delay);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#closed || this.#channels.size === 0) return;
      this.#connected().then(
        () => {
          this.#failures = 0;
          for (const subscriptions of this.#channels.values()) {
            for (const { onReconnect } of subscriptions) if (onReconnect) deliver(onReconnect);
          }
        },
        (connectError: unknown) =>
          this.#scheduleReconnect(
            connectError instanceof Error ? connectError : new Error(String(connectError)),
          ),
      );
    }, delay);
    this.#retryTimer.unref();
  }
}

/** A listener's failure must not take the connection's event loop (or the process) with it. */
function deliver(fn: (payload: string) => void, payload = ""): void {
  try {
    fn(payload);
  } catch (err) {
    // A listener that throws is a bug, not traffic; the db layer has no logger of its own.
    // eslint-disable-next-line no-console -- last-resort report, once per failing call
    console.error("notification listener failed", err);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
