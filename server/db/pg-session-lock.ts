// A PostgreSQL session advisory lock on a plain pg.Client of its own (db.ts `sessionLock`). A
// pooled connection cannot hold it: the pool hands connections around and may close them. The
// lock lives exactly as long as this connection, so a process that dies (SIGKILL included) frees
// it as soon as PostgreSQL notices the connection is gone; TCP keepalive bounds how long that
// takes when the machine itself vanishes.
import pg from "pg";
import type { SessionLock } from "./db";

/** How long a liveness check of the lock's connection may take before the lock counts as lost. */
const PING_TIMEOUT_MS = 5_000;

export class PgSessionLock implements SessionLock {
  readonly #config: pg.ClientConfig;
  readonly #name: string;
  #client: pg.Client | null = null;
  #held = false;

  constructor(config: pg.ClientConfig, name: string) {
    this.#config = config;
    this.#name = name;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.#held) return true;
    const client = this.#client ?? (await this.#connect());
    try {
      // The key is scoped to the schema, like notification channels: two installs (or test
      // schemas) on one database each have their own leader.
      const [row] = (
        await client.query<{ ok: boolean }>(
          `SELECT pg_try_advisory_lock(
             hashtextextended($1 || ':' || coalesce(current_schema(), 'public'), 0)) AS ok`,
          [`quanta:${this.#name}`],
        )
      ).rows;
      this.#held = row?.ok === true;
      return this.#held;
    } catch (err) {
      await this.#drop();
      throw err;
    }
  }

  async stillHeld(): Promise<boolean> {
    const client = this.#client;
    if (!this.#held || client === null) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query("SELECT 1"),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("lock connection timed out")), PING_TIMEOUT_MS);
        }),
      ]);
      return this.#held;
    } catch {
      await this.#drop();
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async release(): Promise<void> {
    await this.#drop();
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client({ ...this.#config, keepAlive: true });
    // Without a listener an error of an idle client would crash the process; a lost connection
    // means a lost lock, which the next stillHeld() reports.
    client.on("error", () => {
      this.#held = false;
    });
    client.on("end", () => {
      this.#held = false;
      if (this.#client === client) this.#client = null;
    });
    await client.connect();
    this.#client = client;
    return client;
  }

  async #drop(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    this.#held = false;
    // Ending the session releases the advisory lock on the server.
    await client?.end().catch(() => undefined);
  }
}
