// The system messages a user was sent (kind and params), oldest first, of the given kinds: what
// the outcome tests of recharges and withdrawals expect exactly once.
import type { Queryable } from "../../../server/db/db";

export async function systemMessages(
  db: Queryable,
  userId: string,
  kinds: readonly string[],
): Promise<{ kind: string; params: Record<string, string> }[]> {
  const rows = await db.query<{ kind: string; params: Record<string, string> }>(
    "SELECT kind, params FROM messages WHERE user_id = $1 AND kind IS NOT NULL ORDER BY id",
    [userId],
  );
  return rows.filter((row) => kinds.includes(row.kind));
}
