// The mail queue (migration 026): rows written by the subscription and newsletter transactions,
// claimed one at a time by the queue worker (domain/newsletter/mail-queue.ts).
import type { Queryable } from "../db";

export interface MailQueueRow {
  id: string;
  kind: "confirmation" | "newsletter";
  email: string;
  newsletter_id: string | null;
  confirm_token: string | null;
  lang: string | null;
  attempts: number;
  subject: string | null;
  body: string | null;
  /** The address's subscription now (null: no row). */
  subscription_status: "pending" | "confirmed" | "unsubscribed" | null;
}

export async function queueConfirmation(
  tx: Queryable,
  m: { email: string; token: string; lang: string | null },
): Promise<void> {
  await tx.query(
    "INSERT INTO mail_queue (kind, email, confirm_token, lang) VALUES ('confirmation', $1, $2, $3)",
    [m.email, m.token, m.lang],
  );
}

/** One row per confirmed subscriber (UNIQUE per newsletter); answers how many. */
export async function queueNewsletter(tx: Queryable, newsletterId: string): Promise<number> {
  const rows = await tx.query(
    `INSERT INTO mail_queue (kind, email, newsletter_id, lang)
     SELECT 'newsletter', email, $1, lang FROM email_subscriptions WHERE status = 'confirmed'
     ON CONFLICT (newsletter_id, email) DO NOTHING
     RETURNING id`,
    [newsletterId],
  );
  return rows.length;
}

/**
 * Claims the next due mail: queued, or sending with a lease that ran out (its process died
 * mid-send). The UPDATE's row lock makes the claim exclusive: two workers never hold one mail.
 */
export async function claimNextMail(
  db: Queryable,
  leaseSeconds: number,
): Promise<MailQueueRow | null> {
  const [row] = await db.query<MailQueueRow>(
    `WITH next AS (
       SELECT id FROM mail_queue
        WHERE not_before <= now()
          AND (status = 'queued' OR (status = 'sending' AND lease_until < now()))
        ORDER BY id LIMIT 1
        FOR UPDATE SKIP LOCKED
     )
     UPDATE mail_queue q
        SET status = 'sending', attempts = q.attempts + 1,
            lease_until = now() + make_interval(secs => $1)
       FROM next
      WHERE q.id = next.id
      RETURNING q.id::text AS id, q.kind, q.email, q.newsletter_id::text AS newsletter_id,
                q.confirm_token, q.lang, q.attempts,
                (SELECT n.subject FROM newsletters n WHERE n.id = q.newsletter_id) AS subject,
                (SELECT n.body FROM newsletters n WHERE n.id = q.newsletter_id) AS body,
                (SELECT s.status FROM email_subscriptions s WHERE s.email = q.email)
                  AS subscription_status`,
    [leaseSeconds],
  );
  return row ?? null;
}

export async function markMailSent(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET status = 'sent', sent_at = now(), lease_until = NULL,
            confirm_token = NULL, last_error = NULL
      WHERE id = $1 AND status = 'sending'`,
    [id],
  );
}

/** Not sent because the subscription changed before its turn; `why` is kept as last_error. */
export async function markMailSkipped(db: Queryable, id: string, why: string): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET status = 'skipped', lease_until = NULL, confirm_token = NULL,
            last_error = $2
      WHERE id = $1 AND status = 'sending'`,
    [id, why],
  );
}

/** A failed attempt: back in the queue after `retryInSeconds`, or failed for good (null). */
export async function markMailFailed(
  db: Queryable,
  id: string,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db.query(
    `UPDATE mail_queue
        SET status = CASE WHEN $3::int IS NULL THEN 'failed' ELSE 'queued' END,
            not_before = now() + make_interval(secs => coalesce($3::int, 0)),
            lease_until = NULL, last_error = left($2, 500)
      WHERE id = $1 AND status = 'sending'`,
    [id, error, retryInSeconds],
  );
}
