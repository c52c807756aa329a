// Messages to one user (migration 004): system messages (a kind + params) and operators' ones.
import type { Queryable } from "../db";

export interface MessageRow {
  id: string;
  user_id: string;
  kind: string | null;
  params: Record<string, string>;
  title: string;
  body: string;
  sender_id: string | null;
  read_at: Date | null;
  created_at: Date;
}

const COLUMNS = "id, user_id, kind, params, title, body, sender_id, read_at, created_at";

export interface NewMessage {
  userId: string;
  kind: string | null;
  params: Record<string, string>;
  title: string;
  body: string;
  senderId: string | null;
}

export async function insertMessage(tx: Queryable, message: NewMessage): Promise<MessageRow> {
  const [row] = await tx.query<MessageRow>(
    `INSERT INTO messages (user_id, kind, params, title, body, sender_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [
      message.userId,
      message.kind,
      JSON.stringify(message.params),
      message.title,
      message.body,
      message.senderId,
    ],
  );
  if (row === undefined) throw new Error("messages insert returned no row");
  return row;
}

/** The user's messages newest first, after the cursor (the last id of the previous page). */
export async function listMessages(
  db: Queryable,
  q: { userId: string; before: string | null; limit: number },
): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages
      WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
      ORDER BY id DESC LIMIT $3`,
    [q.userId, q.before, q.limit],
  );
}

/** Every message of the user, oldest first (the change log's baseline). */
export async function allMessages(db: Queryable, userId: string): Promise<MessageRow[]> {
  return db.query<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE user_id = $1 ORDER BY id`, [
    userId,
  ]);
}

/** The message if it belongs to the user; another user's message is as absent as a missing one. */
export async function findMessage(
  db: Queryable,
  userId: string,
  id: string,
): Promise<MessageRow | null> {
  const [row] = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return row ?? null;
}

/** Marks the user's message read; the row only when it was unread until now. */
export async function markMessageRead(
  tx: Queryable,
  userId: string,
  id: string,
): Promise<MessageRow | null> {
  const [row] = await tx.query<MessageRow>(
    `UPDATE messages SET read_at = now()
      WHERE id = $1 AND user_id = $2 AND read_at IS NULL
      RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return row ?? null;
}

/**
 * One message for every wallet user that exists now (operators have no inbox), in id order so
 * that two broadcasts lock users' change heads in the same order afterwards.
 */
export async function insertMessageForEveryUser(
  tx: Queryable,
  message: Omit<NewMessage, "userId">,
): Promise<MessageRow[]> {
  return tx.query<MessageRow>(
    `INSERT INTO messages (user_id, kind, params, title, body, sender_id)
     SELECT id, $1, $2, $3, $4, $5 FROM users
      WHERE role = 'user' AND address IS NOT NULL ORDER BY id
     RETURNING ${COLUMNS}`,
    [message.kind, JSON.stringify(message.params), message.title, message.body, message.senderId],
  );
}
