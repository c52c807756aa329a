// A posting's writes (migrations 006, 008) as one statement, run while the posting holds its
// user accounts: the transaction and its legs, its place in the sealer's queue, the users' new
// balances, the reservation opened or ended, the bills and their change-log entries (DESIGN §3);
// a NOTIFY each follows the commit (db.ts `notify`). One round trip keeps the accounts' hold short (domain/ledger/README.md).
// The sub-statements run against one snapshot and see none of each other's rows; foreign keys
// are checked at the end of the statement, when every row is there.
import type { SyncEntityData } from "../../../protocol/sync";
import type { Queryable } from "../db";
import { appendChangesSql, CHANGE_CHANNEL } from "./change-log-repository";

export interface PostingWrite {
  transaction: {
    id: string;
    kind: string;
    reference: string;
    createdAtMs: string;
  };
  /** Signed units as decimal strings. */
  legs: readonly { leg: number; accountId: string; bucket: string; amount: string }[];
  /** New balances (decimal strings of units) of every user account a leg touched. */
  balances: readonly { accountId: string; available: string; frozen: string }[];
  opens: { accountId: string; amount: string } | null;
  ends: { reservationId: string; outcome: "deducted" | "returned" } | null;
  /**
   * In leg order. `data` is the change-log entry (the bill as the API shows it) without its id,
   * which the insert hands out; the statement sets it.
   */
  bills: readonly {
    userId: string;
    type: number;
    asset: string;
    amount: string;
    balanceAfter: string;
    refKind: string;
    refId: string;
    leg: number;
    data: Omit<SyncEntityData["bill"], "id">;
  }[];
}

export interface PostingWritten {
  reservationId: string | null;
  /** The inserted bills' ids by leg, ascending id. */
  bills: { id: string; leg: number; createdAtMs: string }[];
}

export async function writePosting(tx: Queryable, w: PostingWrite): Promise<PostingWritten> {
  const t = w.transaction;
  const [row] = await tx.query<{
    reservation_id: string | null;
    bills: { id: string; leg: number; created_at_ms: string }[] | null;
    appended: string[] | null;
  }>(
    `WITH transaction_row AS (
       INSERT INTO ledger_transactions (id, kind, reference, created_at)
       VALUES ($1::bigint, $2, $3, to_timestamp($4::numeric / 1000))
     ),
     unsealed_row AS (
       INSERT INTO ledger_unsealed (transaction_id) VALUES ($1::bigint)
     ),
     entry_rows AS (
       INSERT INTO ledger_entries (transaction_id, leg, account_id, bucket, amount)
       SELECT $1::bigint, leg, account_id, bucket, amount
         FROM unnest($5::smallint[], $6::bigint[], $7::text[], $8::numeric[])
           AS e (leg, account_id, bucket, amount)
     ),
     balances AS (
       UPDATE ledger_accounts a SET available = c.available, frozen = c.frozen
         FROM unnest($9::bigint[], $10::numeric[], $11::numeric[]) AS c (id, available, frozen)
        WHERE a.id = c.id
     ),
     opened AS (
       INSERT INTO ledger_reservations (account_id, amount, opened_by)
       SELECT $12::bigint, $13::numeric, $1::bigint WHERE $12::bigint IS NOT NULL
       RETURNING id
     ),
     ended AS (
       INSERT INTO ledger_reservation_ends (reservation_id, outcome, ended_by)
       SELECT $14::bigint, $15::text, $1::bigint WHERE $14::bigint IS NOT NULL
     ),
     bill_rows AS (
       INSERT INTO bills (user_id, type, asset, amount, balance_after, ref_kind, ref_id,
                          transaction_id, leg, created_at)
       SELECT user_id, type, asset, amount, balance_after, ref_kind, ref_id, $1::bigint, leg,
              to_timestamp($4::numeric / 1000)
         FROM unnest($16::bigint[], $17::smallint[], $18::text[], $19::numeric[],
                     $20::numeric[], $21::text[], $22::text[], $23::smallint[])
           AS b (user_id, type, asset, amount, balance_after, ref_kind, ref_id, leg)
       RETURNING id, user_id, leg, (extract(epoch FROM created_at) * 1000)::int8 AS created_at_ms
     ),
     bill_changes AS (
       SELECT b.user_id, row_number() OVER (PARTITION BY b.user_id ORDER BY b.id) AS ord,
              'bill' AS entity, b.id::text AS entity_id,
              jsonb_set(d.data, '{id}', to_jsonb(b.id::text)) AS data
         FROM bill_rows b JOIN unnest($23::smallint[], $24::jsonb[]) AS d (leg, data)
           ON d.leg = b.leg
     ),
     ${appendChangesSql("bill_changes")}
     SELECT (SELECT id FROM opened) AS reservation_id,
            (SELECT json_agg(json_build_object('id', id::text, 'leg', leg,
                                               'created_at_ms', created_at_ms::text) ORDER BY id)
               FROM bill_rows) AS bills,
            (SELECT json_agg(user_id || ':' || seq ORDER BY user_id, seq) FROM changes_appended)
              AS appended`,
    [
      t.id,
      t.kind,
      t.reference,
      t.createdAtMs,
      w.legs.map((l) => l.leg),
      w.legs.map((l) => l.accountId),
      w.legs.map((l) => l.bucket),
      w.legs.map((l) => l.amount),
      w.balances.map((b) => b.accountId),
      w.balances.map((b) => b.available),
      w.balances.map((b) => b.frozen),
      w.opens?.accountId ?? null,
      w.opens?.amount ?? null,
      w.ends?.reservationId ?? null,
      w.ends?.outcome ?? null,
      w.bills.map((b) => b.userId),
      w.bills.map((b) => b.type),
      w.bills.map((b) => b.asset),
      w.bills.map((b) => b.amount),
      w.bills.map((b) => b.balanceAfter),
      w.bills.map((b) => b.refKind),
      w.bills.map((b) => b.refId),
      w.bills.map((b) => b.leg),
      w.bills.map((b) => JSON.stringify(b.data)),
    ],
  );
  if (row === undefined) throw new Error(`posting ${t.id} answered nothing`);
  const bills = (row.bills ?? []).map((b) => ({
    id: b.id,
    leg: b.leg,
    createdAtMs: b.created_at_ms,
  }));
  // Each user's change log was started and its head locked before (post-transaction.ts).
  const appended = row.appended ?? [];
  if (bills.length !== w.bills.length || appended.length !== bills.length) {
    throw new Error(
      `posting ${t.id}: ${appended.length} change-log entries for ${bills.length} bills`,
    );
  }
  await tx.notify(CHANGE_CHANNEL, appended);
  return { reservationId: row.reservation_id, bills };
}
