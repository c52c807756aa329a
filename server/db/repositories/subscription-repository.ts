// Writes email_subscriptions (migrations 004, 026): one row per address, ever; its status moves
// pending → confirmed → unsubscribed (→ pending again on a new subscription). The operators' list
// reads it through subscription-list-repository.ts.
import type { Queryable } from "../db";

export type SubscriptionStatus = "pending" | "confirmed" | "unsubscribed";

/**
 * A new address, or an unsubscribed one subscribing again: pending with this confirmation token
 * (hash). A pending or confirmed address changes nothing. True when a confirmation is due.
 */
export async function upsertPendingSubscription(
  tx: Queryable,
  s: { email: string; userId: string | null; lang: string | null; tokenHash: string },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO email_subscriptions (email, user_id, lang, confirm_token_hash)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO UPDATE
        SET status = 'pending', confirm_token_hash = EXCLUDED.confirm_token_hash,
            lang = coalesce(EXCLUDED.lang, email_subscriptions.lang), unsubscribed_at = NULL
      WHERE email_subscriptions.status = 'unsubscribed'
     RETURNING email`,
    [s.email, s.userId, s.lang, s.tokenHash],
  );
  return rows.length > 0;
}

/**
 * Pending with this token → confirmed; answers the address and its status before. The hash
 * stays until an unsubscription, so opening the link again answers "already confirmed" instead
 * of an error. Null: no subscription has this token.
 */
export async function confirmByTokenHash(
  tx: Queryable,
  tokenHash: string,
): Promise<{ email: string; previous: SubscriptionStatus } | null> {
  const [row] = await tx.query<{ email: string; previous: SubscriptionStatus }>(
    `WITH before AS (
       SELECT email, status FROM email_subscriptions
        WHERE confirm_token_hash = $1 AND status IN ('pending', 'confirmed')
        FOR UPDATE)
     UPDATE email_subscriptions s
        SET status = 'confirmed', confirmed_at = coalesce(s.confirmed_at, now())
       FROM before
      WHERE s.email = before.email
      RETURNING s.email, before.status AS previous`,
    [tokenHash],
  );
  return row ?? null;
}

/**
 * → unsubscribed (from pending or confirmed); answers the status before, null when the address
 * is unknown.
 */
export async function unsubscribeEmail(
  tx: Queryable,
  email: string,
): Promise<SubscriptionStatus | null> {
  const [row] = await tx.query<{ previous: SubscriptionStatus }>(
    `WITH before AS (SELECT email, status FROM email_subscriptions WHERE email = $1 FOR UPDATE)
     UPDATE email_subscriptions s
        SET status = 'unsubscribed', unsubscribed_at = coalesce(s.unsubscribed_at, now()),
            confirmed_at = NULL, confirm_token_hash = NULL
       FROM before
      WHERE s.email = before.email
      RETURNING before.status AS previous`,
    [email],
  );
  return row?.previous ?? null;
}
