// Bills (migration 006): the user-visible legs of ledger transactions, newest first. A posting
// inserts its bills in its one statement (`ledger_post`, ledger-post-repository.ts).
import type { Queryable } from "../db";

export interface BillRow {
  id: string;
  user_id: string;
  type: number;
  asset: string;
  scale: number;
  amount: string;
  balance_after: string;
  ref_kind: string;
  ref_id: string;
  created_at_ms: string;
}

const BILL_COLUMNS = `b.id, b.user_id, b.type, b.asset, s.scale, b.amount::text, b.balance_after::text,
  b.ref_kind, b.ref_id, (extract(epoch FROM b.created_at) * 1000)::int8 AS created_at_ms`;

export interface BillFilter {
  type: number | null;
  asset: string | null;
  /** The last id of the previous page (ids fall as the list goes back in time). */
  before: string | null;
  limit: number;
}

/** One page, newest first, reading one extra row so the caller knows whether more exist. */
export async function listBills(
  db: Queryable,
  userId: string,
  filter: BillFilter,
): Promise<BillRow[]> {
  return db.query<BillRow>(
    `SELECT ${BILL_COLUMNS} FROM bills b JOIN assets s ON s.code = b.asset
      WHERE b.user_id = $1
        AND ($2::smallint IS NULL OR b.type = $2)
        AND ($3::text IS NULL OR b.asset = $3)
        AND ($4::bigint IS NULL OR b.id < $4)
      ORDER BY b.id DESC
      LIMIT $5`,
    [userId, filter.type, filter.asset, filter.before, filter.limit + 1],
  );
}
