// Posting ledger transactions (migrations 006, 008): whether a reservation has ended, and
// reading reservations. The writes of a posting are one statement (ledger-write-repository.ts);
// the chain is the sealer's (ledger-seal-repository.ts). Everything here runs inside the
// posting's transaction; see domain/ledger/README.md.
import type { Queryable } from "../db";

/**
 * Whether the reservation has ended, read in a snapshot taken after the caller locked the
 * reservation's account: a concurrent end of it has committed (we see it) or waits behind our
 * account lock (and will see ours).
 */
export async function reservationHasEnded(tx: Queryable, reservationId: string): Promise<boolean> {
  const [row] = await tx.query<{ ended: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ledger_reservation_ends WHERE reservation_id = $1::bigint)
       AS ended`,
    [reservationId],
  );
  return row?.ended === true;
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
