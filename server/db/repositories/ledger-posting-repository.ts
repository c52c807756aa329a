// Writing ledger transactions (migration 006): the head row that hands out gap-free ids and
// the previous hash, the transaction with its legs, and reservations opening and ending.
// Everything here runs inside the posting's transaction; see domain/ledger/README.md.
import type { Queryable } from "../db";

export interface LedgerHead {
  last_id: string;
  last_hash: string;
}

/** Locks the head until commit: the next id is last_id + 1 and it chains to last_hash. */
export async function lockLedgerHead(tx: Queryable): Promise<LedgerHead> {
  const [head] = await tx.query<LedgerHead>(
    "SELECT last_id, last_hash FROM ledger_head WHERE only_row FOR UPDATE",
  );
  if (head === undefined) throw new Error("ledger_head has no row (migration 006 not applied?)");
  return head;
}

export interface TransactionRow {
  id: string;
  kind: string;
  reference: string;
  createdAtMs: string;
  prevHash: string;
  hash: string;
}

export interface EntryRow {
  leg: number;
  accountId: string;
  bucket: "available" | "frozen";
  /** Signed units as a decimal string. */
  amount: string;
}

export async function insertTransaction(
  tx: Queryable,
  row: TransactionRow,
  entries: readonly EntryRow[],
): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_transactions (id, kind, reference, created_at, prev_hash, hash)
     VALUES ($1, $2, $3, to_timestamp($4::numeric / 1000), $5, $6)`,
    [row.id, row.kind, row.reference, row.createdAtMs, row.prevHash, row.hash],
  );
  await tx.query(
    `INSERT INTO ledger_entries (transaction_id, leg, account_id, bucket, amount)
     SELECT $1, leg, account_id, bucket, amount
       FROM unnest($2::smallint[], $3::bigint[], $4::text[], $5::numeric[])
         AS e (leg, account_id, bucket, amount)`,
    [
      row.id,
      entries.map((e) => e.leg),
      entries.map((e) => e.accountId),
      entries.map((e) => e.bucket),
      entries.map((e) => e.amount),
    ],
  );
  const moved = await tx.query(
    "UPDATE ledger_head SET last_id = $1, last_hash = $2 WHERE only_row AND last_id = $1 - 1 RETURNING 1",
    [row.id, row.hash],
  );
  if (moved.length !== 1) throw new Error(`ledger head moved while posting ${row.id}`);
}

export interface ReservationRow {
  id: string;
  account_id: string;
  user_id: string;
  asset: string;
  amount: string;
  /** null while open. */
  outcome: "deducted" | "returned" | null;
}

export async function findReservation(tx: Queryable, id: string): Promise<ReservationRow | null> {
  const [row] = await tx.query<ReservationRow>(
    `SELECT r.id, r.account_id, a.user_id, a.asset, r.amount::text, e.outcome
       FROM ledger_reservations r
       JOIN ledger_accounts a ON a.id = r.account_id
       LEFT JOIN ledger_reservation_ends e ON e.reservation_id = r.id
      WHERE r.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function openReservation(
  tx: Queryable,
  accountId: string,
  amount: string,
  openedBy: string,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO ledger_reservations (account_id, amount, opened_by) VALUES ($1, $2, $3)
     RETURNING id`,
    [accountId, amount, openedBy],
  );
  if (row === undefined) throw new Error("reservation insert returned no row");
  return row.id;
}

/** Whether the reservation has ended; read under its account's lock, so it is final. */
export async function reservationEnded(tx: Queryable, id: string): Promise<boolean> {
  const [row] = await tx.query<{ ended: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM ledger_reservation_ends WHERE reservation_id = $1) AS ended",
    [id],
  );
  return row?.ended !== false;
}

/** Ends the reservation; the primary key refuses a second end even if code let one through. */
export async function endReservation(
  tx: Queryable,
  id: string,
  outcome: "deducted" | "returned",
  endedBy: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_reservation_ends (reservation_id, outcome, ended_by) VALUES ($1, $2, $3)`,
    [id, outcome, endedBy],
  );
}
