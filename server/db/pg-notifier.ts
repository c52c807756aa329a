// Sends committed transactions' notifications (db.ts `notify`) for a PostgreSQL pool, coalesced:
// while one batch is being sent, the next ones gather, so 32 postings committing together cost a
// couple of NOTIFY statements instead of 32. Each batch runs in a transaction of its own that
// does not wait for the flush of its commit record: PostgreSQL serialises notifying commits on
// one lock, and a lost hint costs a listener only a later pull.
import type pg from "pg";
import { PendingNotifications } from "./db";

export class PgNotifier {
  #queued = new PendingNotifications();
  #draining: Promise<void> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  /** Queues the notifications; they go out with the next batch. Never rejects. */
  enqueue(pending: PendingNotifications): void {
    if (pending.isEmpty) return;
    this.#queued.takeFrom(pending);
    this.#draining ??= this.#drain();
  }

  /** Resolves once everything queued so far has been sent (or given up). */
  async idle(): Promise<void> {
    while (this.#draining !== null) await this.#draining;
  }

  async #drain(): Promise<void> {
    try {
      while (!this.#queued.isEmpty) {
        const batch = this.#queued;
        this.#queued = new PendingNotifications();
        const client = await this.pool.connect();
        try {
          for (const sql of batch.statements()) await sendNotifications(client, sql);
        } finally {
          client.release();
        }
      }
    } catch {
      // A hint only (db.ts `notify`): listeners catch up on their next pull.
    } finally {
      this.#draining = null;
    }
  }
}

/**
 * One notifying statement in a transaction of its own that does not wait for its commit record
 * to reach the disk. One round trip (simple protocol); on failure the transaction is rolled back
 * so the connection goes back to the pool clean.
 */
export async function sendNotifications(client: pg.PoolClient, statement: string): Promise<void> {
  try {
    await client.query(`BEGIN; SET LOCAL synchronous_commit TO off; ${statement}; COMMIT;`);
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  }
}
