// The per-user change log (migration 004). Appends happen inside the caller's transaction; the
// NOTIFY is queued by PostgreSQL and delivered only if that transaction commits, so no poke ever
// announces a change that was rolled back.
import type { SyncChange } from "../../../protocol/sync";
import type { Queryable } from "../db";

/** The channel carrying "<userId>:<seq>" after each committed append; scoped to the schema
 * (db.ts scopedChannel), so listen with `db.listen(CHANGE_CHANNEL, …)`. */
export const CHANGE_CHANNEL = "quanta_change";

/** One entry for one user: an entity with the data of its own type (protocol/sync.ts). */
export type ChangeInput = SyncChange & { userId: string };

export interface ChangeRow {
  seq: string;
  entity: string;
  entity_id: string;
  op: "put" | "delete";
  data: unknown;
}

/** Appends one entry and returns its seq. Takes the user's change_heads row lock until commit. */
export async function appendChange(tx: Queryable, change: ChangeInput): Promise<string> {
  const [head] = await tx.query<{ seq: string }>(
    `INSERT INTO change_heads (user_id, seq) VALUES ($1, 1)
     ON CONFLICT (user_id) DO UPDATE SET seq = change_heads.seq + 1
     RETURNING seq`,
    [change.userId],
  );
  if (head === undefined) throw new Error("change_heads upsert returned no row");
  await tx.query(
    `INSERT INTO change_log (user_id, seq, entity, entity_id, op, data)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      change.userId,
      head.seq,
      change.entity,
      change.id,
      change.op,
      change.op === "delete" ? null : JSON.stringify(change.data),
    ],
  );
  await tx.notify(CHANGE_CHANNEL, [`${change.userId}:${head.seq}`]);
  return head.seq;
}

/**
 * Waits for every open transaction that is appending for this user and keeps new appends out
 * until this transaction ends: each change_log insert takes a key-share lock on the user's row
 * through its foreign key, and FOR UPDATE conflicts with exactly that. For starting a log.
 */
export async function lockUserAgainstAppends(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [userId]);
  return rows.length > 0;
}

/**
 * Locks the user's head row until commit, as an append would. Taken before reading a state to
 * record, so that the state read is no older than any entry committed before ours.
 */
export async function lockChangeHead(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query("SELECT seq FROM change_heads WHERE user_id = $1 FOR UPDATE", [
    userId,
  ]);
  return rows.length > 0;
}

/**
 * Locks the head rows of all these users until commit, ascending user id, in one statement — but
 * only when every one of them has a log; otherwise it locks nothing and answers false (the caller
 * then starts the missing logs and locks user by user, in the same order).
 */
export async function lockChangeHeads(tx: Queryable, userIds: readonly string[]): Promise<boolean> {
  const rows = await tx.query(
    `SELECT h.user_id FROM change_heads h
      WHERE h.user_id = ANY($1::bigint[])
        AND (SELECT count(*) FROM change_heads WHERE user_id = ANY($1::bigint[])) = $2
      ORDER BY h.user_id FOR UPDATE`,
    [userIds as string[], new Set(userIds).size],
  );
  return rows.length > 0;
}

/**
 * For a statement of another repository that appends several entries at once (a posting's
 * bills): CTEs that do what appendChange does for each row of `source` (columns user_id, ord —
 * 1, 2, … per user in append order —, entity, entity_id, data; op "put"), naming the appended
 * (user_id, seq) `changes_appended`. Each user's head row must exist and be locked by the caller
 * (a row without one is not appended: compare the counts). The caller then notifies each
 * "<userId>:<seq>" with `tx.notify(CHANGE_CHANNEL, …)`, sent on commit.
 */
export function appendChangesSql(source: string): string {
  return `change_counts AS (SELECT user_id, count(*) AS n FROM ${source} GROUP BY user_id),
  change_heads_moved AS (
    UPDATE change_heads h SET seq = h.seq + c.n FROM change_counts c WHERE h.user_id = c.user_id
    RETURNING h.user_id, h.seq - c.n AS base
  ),
  changes_appended AS (
    INSERT INTO change_log (user_id, seq, entity, entity_id, op, data)
    SELECT s.user_id, m.base + s.ord, s.entity, s.entity_id, 'put', s.data
      FROM ${source} s JOIN change_heads_moved m ON m.user_id = s.user_id
    RETURNING user_id, seq
  )`;
}

/** The user's newest seq, or null before the first append. */
export async function changeHead(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.query<{ seq: string }>("SELECT seq FROM change_heads WHERE user_id = $1", [
    userId,
  ]);
  return row?.seq ?? null;
}

/** The newest seq of each of these users that has a log (user id -> seq). */
export async function changeHeads(db: Queryable, userIds: string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ user_id: string; seq: string }>(
    "SELECT user_id, seq FROM change_heads WHERE user_id = ANY($1::bigint[])",
    [userIds],
  );
  return new Map(rows.map((row) => [row.user_id, row.seq]));
}

/**
 * Entries after `after`, oldest first, skipping every entry that a later entry of the same
 * entity replaced: a device that starts from nothing receives each entity's current state once
 * instead of its history. The replacing entry has a higher seq, so it is always still ahead.
 */
export async function changesAfter(
  db: Queryable,
  userId: string,
  after: string,
  limit: number,
): Promise<ChangeRow[]> {
  return db.query<ChangeRow>(
    `SELECT c.seq, c.entity, c.entity_id, c.op, c.data
       FROM change_log c
      WHERE c.user_id = $1 AND c.seq > $2
        AND NOT EXISTS (
          SELECT 1 FROM change_log n
           WHERE n.user_id = c.user_id AND n.entity = c.entity
             AND n.entity_id = c.entity_id AND n.seq > c.seq)
      ORDER BY c.seq
      LIMIT $3`,
    [userId, after, limit],
  );
}
