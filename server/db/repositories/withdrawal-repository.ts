// Withdrawals (migration 007): the user's request, its review and what the chain said. The money
// itself moves in the ledger (reservation_id); these rows never hold a balance.
import type { WithdrawalStatus } from "../../../protocol/wallet";
import type { Queryable } from "../db";

export interface WithdrawalRow {
  id: string;
  user_id: string;
  /** USDT units (numeric as text). */
  amount: string;
  fee: string;
  address: string;
  status: WithdrawalStatus;
  reservation_id: string;
  chain_id: number | null;
  tx_hash: string | null;
  signed_tx: string | null;
  nonce: string | null;
  from_address: string | null;
  reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  reviewer_id: string | null;
  completed_at: Date | null;
}

/** A withdrawal with its owner's wallet address, for operators. */
export interface WithdrawalReviewRow extends WithdrawalRow {
  user_address: string | null;
}

const COLUMN_NAMES = [
  "id",
  "user_id",
  "amount::text AS amount",
  "fee::text AS fee",
  "address",
  "status",
  "reservation_id",
  "chain_id",
  "tx_hash",
  "signed_tx",
  "nonce",
  "from_address",
  "reason",
  "created_at",
  "reviewed_at",
  "reviewer_id",
  "completed_at",
];
const COLUMNS = COLUMN_NAMES.join(", ");
const W_COLUMNS = COLUMN_NAMES.map((c) => `w.${c}`).join(", ");
const REVIEW_SELECT = `SELECT ${W_COLUMNS}, u.address AS user_address
  FROM withdrawals w JOIN users u ON u.id = w.user_id`;

/**
 * Takes the next id before the row exists: the freeze's bill refers to the withdrawal, and the
 * freeze must come first (the row needs its reservation).
 */
export async function nextWithdrawalId(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('withdrawals', 'id'))::text AS id",
  );
  if (!row) throw new Error("nextval returned no row");
  return row.id;
}

export interface NewWithdrawal {
  id: string;
  userId: string;
  amount: bigint;
  fee: bigint;
  address: string;
  reservationId: string;
}

export async function insertWithdrawal(tx: Queryable, w: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await tx.query<WithdrawalRow>(
    `INSERT INTO withdrawals (id, user_id, amount, fee, address, reservation_id)
     OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${COLUMNS}`,
    [w.id, w.userId, w.amount.toString(), w.fee.toString(), w.address, w.reservationId],
  );
  if (!row) throw new Error("INSERT ... RETURNING returned no row");
  return row;
}

export async function findWithdrawal(db: Queryable, id: string): Promise<WithdrawalRow | null> {
  const [row] = await db.query<WithdrawalRow>(`SELECT ${COLUMNS} FROM withdrawals WHERE id = $1`, [
    id,
  ]);
  return row ?? null;
}

/** Locks the row until commit: every status change takes this lock first, then the ledger's. */
export async function lockWithdrawal(tx: Queryable, id: string): Promise<WithdrawalRow | null> {
  const [row] = await tx.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

/** The user's withdrawals, newest first; `before` is the exclusive id cursor. */
export async function listUserWithdrawals(
  db: Queryable,
  q: { userId: string; before: string | null; limit: number },
): Promise<WithdrawalRow[]> {
  return db.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals
      WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
      ORDER BY id DESC LIMIT $3`,
    [q.userId, q.before, q.limit],
  );
}

export interface WithdrawalReviewQuery {
  status: WithdrawalStatus | null;
  /** Exclusive: the id of the last item of the previous page. */
  after: string | null;
  /** The review queue reads oldest first (first come, first served); history newest first. */
  order: "asc" | "desc";
  limit: number;
}

export async function listWithdrawalsForReview(
  db: Queryable,
  q: WithdrawalReviewQuery,
): Promise<WithdrawalReviewRow[]> {
  const comparison = q.order === "asc" ? ">" : "<";
  return db.query<WithdrawalReviewRow>(
    `${REVIEW_SELECT}
      WHERE ($1::smallint IS NULL OR w.status = $1::smallint)
        AND ($2::bigint IS NULL OR w.id ${comparison} $2::bigint)
      ORDER BY w.id ${q.order === "asc" ? "ASC" : "DESC"} LIMIT $3`,
    [q.status, q.after, q.limit],
  );
}

export async function findWithdrawalForReview(
  db: Queryable,
  id: string,
): Promise<WithdrawalReviewRow | null> {
  const [row] = await db.query<WithdrawalReviewRow>(`${REVIEW_SELECT} WHERE w.id = $1`, [id]);
  return row ?? null;
}

/** Under review → pending (approved). Call with the row locked and its status checked. */
export async function markApproved(
  tx: Queryable,
  id: string,
  reviewerId: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE withdrawals SET status = 1, reviewer_id = $2, reviewed_at = now()
      WHERE id = $1 AND status = 0`,
    [id, reviewerId],
  );
}

/**
 * → failed with the reason. An operator's rejection records the reviewer; a failed send keeps
 * the approval's reviewer and time.
 */
export async function markFailed(
  tx: Queryable,
  id: string,
  reason: string,
  reviewer: { id: string | null } | null,
): Promise<void> {
  await tx.query(
    `UPDATE withdrawals
        SET status = 3, reason = $2,
            reviewer_id = CASE WHEN $3 THEN $4::bigint ELSE reviewer_id END,
            reviewed_at = CASE WHEN $3 THEN now() ELSE reviewed_at END
      WHERE id = $1 AND status IN (0, 1)`,
    [id, reason, reviewer !== null, reviewer?.id ?? null],
  );
}

export async function markCompleted(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    "UPDATE withdrawals SET status = 2, completed_at = now() WHERE id = $1 AND status = 1",
    [id],
  );
}

export interface StoredTransfer {
  chainId: number;
  hash: string;
  raw: string;
  nonce: number;
  from: string;
}

/** Stores the signed transfer of a pending withdrawal that has none; false when it has one. */
export async function storeSignedTransfer(
  tx: Queryable,
  id: string,
  t: StoredTransfer,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE withdrawals
        SET chain_id = $2, tx_hash = $3, signed_tx = $4, nonce = $5, from_address = $6
      WHERE id = $1 AND status = 1 AND tx_hash IS NULL
      RETURNING id`,
    [id, t.chainId, t.hash.toLowerCase(), t.raw.toLowerCase(), t.nonce, t.from],
  );
  return rows.length === 1;
}

/** Approved withdrawals (status 1), oldest first: what the sender works on. */
export async function pendingWithdrawals(db: Queryable, limit: number): Promise<WithdrawalRow[]> {
  return db.query<WithdrawalRow>(
    `SELECT ${COLUMNS} FROM withdrawals WHERE status = 1 ORDER BY id LIMIT $1`,
    [limit],
  );
}

/** The highest nonce a pending withdrawal of this hot wallet holds, or null. */
export async function highestNonceInFlight(
  db: Queryable,
  chainId: number,
  from: string,
): Promise<number | null> {
  const [row] = await db.query<{ nonce: string | null }>(
    `SELECT max(nonce)::text AS nonce FROM withdrawals
      WHERE status = 1 AND chain_id = $1 AND from_address = $2`,
    [chainId, from],
  );
  return row?.nonce == null ? null : Number(row.nonce);
}

/** USDT units on the way out (under review or sending: amount + fee) and sent (amounts). */
export async function withdrawalTotals(
  db: Queryable,
  userId: string,
): Promise<{ withdrawing: string; withdrawn: string }> {
  const [row] = await db.query<{ withdrawing: string; withdrawn: string }>(
    `SELECT coalesce(sum(amount + fee) FILTER (WHERE status IN (0, 1)), 0)::text AS withdrawing,
            coalesce(sum(amount) FILTER (WHERE status = 2), 0)::text AS withdrawn
       FROM withdrawals WHERE user_id = $1`,
    [userId],
  );
  return row ?? { withdrawing: "0", withdrawn: "0" };
}
