// Operators list e-mail subscriptions (GET /admin/subscriptions), e.g. to export them or to check
// that one address was stored exactly once. Read-only, so nothing is audited.
import type { AdminSubscriptionItem } from "../../../protocol/admin";
import type { ListPage } from "../../../protocol/list";
import type { Db } from "../../db/db";
import {
  listSubscriptions,
  type SubscriptionRow,
} from "../../db/repositories/subscription-list-repository";

export interface SubscriptionListQuery {
  email: string | null;
  cursor: string | null;
  limit: number;
}

export async function listEmailSubscriptions(
  db: Db,
  q: SubscriptionListQuery,
): Promise<ListPage<AdminSubscriptionItem>> {
  // Addresses are stored lower-case (a CHECK), so a search in any case must be lowered too.
  const rows = await listSubscriptions(db, {
    email: q.email === null ? null : q.email.trim().toLowerCase(),
    after: q.cursor === null ? null : q.cursor.toLowerCase(),
    limit: q.limit + 1,
  });
  const items = rows.slice(0, q.limit);
  const last = items.at(-1);
  return {
    items: items.map(toSubscriptionItem),
    // The cursor is the last address; the extra row read says whether another page exists.
    nextCursor: rows.length > q.limit && last ? last.email : null,
  };
}

export function toSubscriptionItem(row: SubscriptionRow): AdminSubscriptionItem {
  return {
    email: row.email,
    userId: row.user_id,
    lang: row.lang,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribed_at?.toISOString() ?? null,
  };
}
