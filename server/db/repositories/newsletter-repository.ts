// Newsletters, the link key and the demo mailbox (migration 026).
import type { Queryable } from "../db";

export async function insertNewsletter(
  tx: Queryable,
  n: { subject: string; body: string; senderLabel: string },
): Promise<{ id: string; created_at: Date }> {
  const [row] = await tx.query<{ id: string; created_at: Date }>(
    `INSERT INTO newsletters (subject, body, sender_label, recipients) VALUES ($1, $2, $3, 0)
     RETURNING id::text AS id, created_at`,
    [n.subject, n.body, n.senderLabel],
  );
  if (!row) throw new Error("INSERT ... RETURNING returned no row");
  return row;
}

export async function setRecipients(tx: Queryable, id: string, recipients: number): Promise<void> {
  await tx.query("UPDATE newsletters SET recipients = $2 WHERE id = $1", [id, recipients]);
}

/** The unsubscribe links' HMAC key, made by migration 026. */
export async function mailLinkSecret(db: Queryable): Promise<string> {
  const [row] = await db.query<{ secret: string }>("SELECT secret FROM mail_link_key");
  if (!row) throw new Error("mail_link_key has no row (migration 026)");
  return row.secret;
}

export interface MailboxRow {
  id: string;
  mail_from: string;
  rcpt_to: string[];
  subject: string;
  body: string;
  message_id: string | null;
  received_at: Date;
}

export async function insertMailboxMessage(
  db: Queryable,
  m: {
    from: string;
    to: readonly string[];
    subject: string;
    body: string;
    messageId: string | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO demo_mailbox (mail_from, rcpt_to, subject, body, message_id)
     VALUES ($1, $2, $3, $4, $5)`,
    [m.from, [...m.to], m.subject, m.body, m.messageId],
  );
}

/** Newest first; `before` is the exclusive id cursor; `to` filters by one recipient. */
export async function listMailbox(
  db: Queryable,
  q: { before: string | null; to: string | null; limit: number },
): Promise<MailboxRow[]> {
  return db.query<MailboxRow>(
    `SELECT id::text AS id, mail_from, rcpt_to, subject, body, message_id, received_at
       FROM demo_mailbox
      WHERE ($1::bigint IS NULL OR id < $1::bigint) AND ($2::text IS NULL OR $2 = ANY(rcpt_to))
      ORDER BY id DESC LIMIT $3`,
    [q.before, q.to, q.limit],
  );
}
