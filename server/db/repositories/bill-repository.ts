// Bills (migration 006): the user-visible legs of ledger transactions, newest first.
import type { Queryable } from "../db";

export interface BillInsert {
  userId: string;
  type: number;
  asset: string;
  amount: string;
  balanceAfter: string;
  refKind: string;
  refId: string;
  transactionId: string;
  leg: number;
  createdAtMs: string;
}

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

export async function insertBills(tx: Queryable, bills: readonly BillInsert[]): Promise<BillRow[]> {
  if (bills.length === 0) return [];
  const ids = await tx.query<{ id: string }>(
    `INSERT INTO bills (user_id, type, asset, amount, balance_after, ref_kind, ref_id,
                        transaction_id, leg, created_at)
     SELECT user_id, type, asset, amount, balance_after, ref_kind, ref_id, transaction_id, leg,
            to_timestamp(ms / 1000)
       FROM unnest($1::bigint[], $2::smallint[], $3::text[], $4::numeric[], $5::numeric[],
                   $6::text[], $7::text[], $8::bigint[], $9::smallint[], $10::numeric[])
         AS b (user_id, type, asset, amount, balance_after, ref_kind, ref_id, transaction_id,
               leg, ms)
     RETURNING id`,
    [
      bills.map((b) => b.userId),
      bills.map((b) => b.type),
      bills.map((b) => b.asset),
      bills.map((b) => b.amount),
      bills.map((b) => b.balanceAfter),
      bills.map((b) => b.refKind),
      bills.map((b) => b.refId),
      bills.map((b) => b.transactionId),
      bills.map((b) => b.leg),
      bills.map((b) => b.createdAtMs),
    ],
  );
  return tx.query<BillRow>(
    `SELECT ${BILL_COLUMNS} FROM bills b JOIN assets s ON s.code = b.asset
      WHERE b.id = ANY($1::bigint[]) ORDER BY b.id`,
    [ids.map((r) => r.id)],
  );
}

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
