// Writes email_subscriptions (migration 004): one row per address, ever. The operators' list
// reads it through subscription-list-repository.ts.
import type { Queryable } from "../db";

/** Inserts the address unless it is there already (then nothing changes); true when inserted. */
export async function insertSubscription(
  tx: Queryable,
  s: { email: string; userId: string | null; lang: string | null },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO email_subscriptions (email, user_id, lang) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING
     RETURNING email`,
    [s.email, s.userId, s.lang],
  );
  return rows.length > 0;
}
