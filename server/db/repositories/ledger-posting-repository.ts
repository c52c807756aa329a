// Posting ledger transactions (migration 006): the head row that hands out gap-free ids and the
// previous hash, and reading reservations. The writes of a posting are one statement
// (ledger-write-repository.ts). Everything here runs inside the posting's transaction; see
// domain/ledger/README.md.
import type { Queryable } from "../db";

export interface LedgerHead {
  last_id: string;
  last_hash: string;
  /** Whether the reservation asked about has ended (false when none was asked about). */
  reservation_ended: boolean;
}

/**
 * Locks the head until commit: the next id is last_id + 1 and it chains to last_hash. With a
 * reservation id, also answers whether it has ended, read in this statement's snapshot, which is
 * taken after the caller locked the reservation's account: a concurrent end of it has committed
 * (we see it) or waits behind us (and will see ours).
 */
export async function lockLedgerHead(
  tx: Queryable,
  reservationId: string | null,
): Promise<LedgerHead> {
  const [head] = await tx.query<LedgerHead>(
    `SELECT last_id, last_hash,
            EXISTS (SELECT 1 FROM ledger_reservation_ends WHERE reservation_id = $1::bigint)
              AS reservation_ended
       FROM ledger_head WHERE only_row FOR UPDATE OF ledger_head`,
    [reservationId],
  );
  if (head === undefined) throw new Error("ledger_head has no row (migration 006 not applied?)");
  return head;
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
