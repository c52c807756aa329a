// Reading reservations (migration 006) for the operations that end one (domain/ledger/operations.ts).
// A posting itself is one statement (ledger-post-repository.ts); the chain is the sealer's
// (ledger-seal-repository.ts). See domain/ledger/README.md.
import type { Queryable } from "../db";

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
