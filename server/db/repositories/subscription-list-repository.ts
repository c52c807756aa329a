// Reads email_subscriptions (migration 004) for the operators' list. Writing rows is the
// subscribe route's business (POST /system/subscribe); this file only reads.
import type { Queryable } from "../db";

export interface SubscriptionRow {
  email: string;
  user_id: string | null;
  lang: string | null;
  created_at: Date;
  status: "pending" | "confirmed" | "unsubscribed";
  confirmed_at: Date | null;
  unsubscribed_at: Date | null;
}

export interface SubscriptionQuery {
  /** Only this (lower-case) address, or null for every one. */
  email: string | null;
  /** Rows after this address (the previous page's last one), or null from the start. */
  after: string | null;
  limit: number;
}

/**
 * Ordered by address: the primary key, so the cursor is stable while rows are added, and an
 * operator looking for one address finds it in order.
 */
export async function listSubscriptions(
  db: Queryable,
  q: SubscriptionQuery,
): Promise<SubscriptionRow[]> {
  return db.query<SubscriptionRow>(
    `SELECT email, user_id, lang, created_at, status, confirmed_at, unsubscribed_at
       FROM email_subscriptions
      WHERE ($1::text IS NULL OR email = $1)
        AND ($2::text IS NULL OR email > $2)
      ORDER BY email
      LIMIT $3`,
    [q.email, q.after, q.limit],
  );
}
