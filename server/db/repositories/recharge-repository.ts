// Recharges and the on-chain transfers credited for them (migration 007). Status changes only
// leave 0 (under review / waiting), and every writer locks the row first or names status 0 in
// its UPDATE, so two writers racing (two watcher ticks, a watcher and an operator) end with one.
import type { RechargeStatus, RechargeVerification } from "../../../protocol/wallet";
import type { Queryable } from "../db";

export interface RechargeRow {
  id: string;
  user_id: string;
  amount: string;
  /** Null for a transfer the deposit watcher credited without a claim. */
  voucher_upload_id: string | null;
  tx_hash: string | null;
  status: RechargeStatus;
  verification: RechargeVerification;
  reason: string | null;
  chain_id: number | null;
  log_index: number | null;
  from_address: string | null;
  transaction_id: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  reviewer_id: string | null;
}

/** A recharge with its owner's wallet address (null for a password-only account). */
export interface RechargeWithUserRow extends RechargeRow {
  user_address: string | null;
  /** Other open or credited recharges naming the same tx hash (operators see the competition). */
  competing_claims: string[];
}

const COLUMN_NAMES = [
  "id",
  "user_id",
  "amount",
  "voucher_upload_id",
  "tx_hash",
  "status",
  "verification",
  "reason",
  "chain_id",
  "log_index",
  "from_address",
  "transaction_id",
  "created_at",
  "reviewed_at",
  "reviewer_id",
];
const COLUMNS = COLUMN_NAMES.join(", ");
const R_COLUMNS = COLUMN_NAMES.map((name) => `r.${name}`).join(", ");
const WITH_USER = `SELECT ${R_COLUMNS}, u.address AS user_address,
    ARRAY(SELECT o.id::text FROM recharges o
           WHERE o.tx_hash = r.tx_hash AND o.id <> r.id AND o.status <> 2
           ORDER BY o.id) AS competing_claims
  FROM recharges r JOIN users u ON u.id = r.user_id`;

export interface NewRecharge {
  userId: string;
  amount: bigint;
  voucherUploadId: string | null;
  txHash: string | null;
  verification: Exclude<RechargeVerification, "verified">;
  reason: string | null;
}

/**
 * A new recharge under review; null when the same user already has an open recharge with this
 * tx hash (a credited one is refused before: verify-deposit skips credited logs) (the partial unique index decides, so two concurrent claims end with one).
 * Other users' claims of the hash do not block it: the transfer's sender decides whose it is.
 */
export async function insertRecharge(tx: Queryable, r: NewRecharge): Promise<RechargeRow | null> {
  const [row] = await tx.query<RechargeRow>(
    `INSERT INTO recharges (user_id, amount, voucher_upload_id, tx_hash, verification, reason)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, tx_hash) WHERE tx_hash IS NOT NULL AND status = 0 DO NOTHING
     RETURNING ${COLUMNS}`,
    [r.userId, r.amount.toString(), r.voucherUploadId, r.txHash, r.verification, r.reason],
  );
  return row ?? null;
}

export async function findRecharge(db: Queryable, id: string): Promise<RechargeWithUserRow | null> {
  const [row] = await db.query<RechargeWithUserRow>(`${WITH_USER} WHERE r.id = $1`, [id]);
  return row ?? null;
}

/** Locks the row until commit: the status read here stays true for the caller's transaction. */
export async function lockRecharge(tx: Queryable, id: string): Promise<RechargeWithUserRow | null> {
  const [row] = await tx.query<RechargeWithUserRow>(
    `${WITH_USER} WHERE r.id = $1 FOR UPDATE OF r`,
    [id],
  );
  return row ?? null;
}

/** The user's open (status 0) recharge naming this tx hash, locked until commit; null if none. */
export async function lockOpenClaim(
  tx: Queryable,
  userId: string,
  txHash: string,
): Promise<RechargeWithUserRow | null> {
  const [row] = await tx.query<RechargeWithUserRow>(
    `${WITH_USER} WHERE r.user_id = $1 AND r.tx_hash = $2 AND r.status = 0 FOR UPDATE OF r`,
    [userId, txHash],
  );
  return row ?? null;
}

/** Which recharge (and whose) a credited transfer went to; null when it was never credited. */
export async function creditedDepositOwner(
  db: Queryable,
  d: { chainId: number; txHash: string; logIndex: number },
): Promise<{ recharge_id: string; user_id: string } | null> {
  const [row] = await db.query<{ recharge_id: string; user_id: string }>(
    `SELECT c.recharge_id, r.user_id FROM credited_deposits c JOIN recharges r ON r.id = c.recharge_id
      WHERE c.chain_id = $1 AND c.tx_hash = $2 AND c.log_index = $3`,
    [d.chainId, d.txHash, d.logIndex],
  );
  return row ?? null;
}

/** The user's recharges, newest first; `before` is the previous page's last id. */
export function listUserRecharges(
  db: Queryable,
  userId: string,
  before: string | null,
  limit: number,
): Promise<RechargeRow[]> {
  return db.query<RechargeRow>(
    `SELECT ${COLUMNS} FROM recharges
      WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2)
      ORDER BY id DESC LIMIT $3`,
    [userId, before, limit],
  );
}

export interface RechargeQuery {
  status: RechargeStatus | null;
  /** Exclusive: the id of the last item of the previous page. */
  after: string | null;
  /** The review queue reads oldest first; history newest first. */
  order: "asc" | "desc";
  limit: number;
}

export function listRecharges(db: Queryable, q: RechargeQuery): Promise<RechargeWithUserRow[]> {
  const comparison = q.order === "asc" ? ">" : "<";
  return db.query<RechargeWithUserRow>(
    `${WITH_USER}
      WHERE ($1::smallint IS NULL OR r.status = $1)
        AND ($2::bigint IS NULL OR r.id ${comparison} $2)
      ORDER BY r.id ${q.order === "asc" ? "ASC" : "DESC"}
      LIMIT $3`,
    [q.status, q.after, q.limit],
  );
}

/** Recharges waiting for confirmations, by id after `after` (the watcher walks them in turn). */
export function waitingRecharges(
  db: Queryable,
  after: string | null,
  limit: number,
): Promise<RechargeWithUserRow[]> {
  return db.query<RechargeWithUserRow>(
    `${WITH_USER}
      WHERE r.status = 0 AND r.verification = 'waiting' AND ($1::bigint IS NULL OR r.id > $1)
      ORDER BY r.id LIMIT $2`,
    [after, limit],
  );
}

/** Ids of waiting recharges created more than `seconds` ago. */
export async function staleWaitingRecharges(
  db: Queryable,
  seconds: number,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM recharges
      WHERE status = 0 AND verification = 'waiting'
        AND created_at < now() - make_interval(secs => $1)
      ORDER BY id LIMIT $2`,
    [seconds, limit],
  );
  return rows.map((row) => row.id);
}

export interface CreditedMark {
  id: string;
  transactionId: string;
  verification: "verified" | "none" | "manual";
  reviewerId: string | null;
  /** The credited Transfer log, when the chain showed it. */
  transfer: { chainId: number; logIndex: number; from: string } | null;
}

/** Status 1 for a row the caller has locked under review. */
export async function markRechargeCredited(tx: Queryable, m: CreditedMark): Promise<RechargeRow> {
  return updateOne(
    tx,
    `UPDATE recharges
        SET status = 1, transaction_id = $2, verification = $3, reviewer_id = $4, reason = NULL,
            reviewed_at = now(), chain_id = coalesce($5, chain_id),
            log_index = coalesce($6, log_index), from_address = coalesce($7, from_address)
      WHERE id = $1 AND status = 0
      RETURNING ${COLUMNS}`,
    [
      m.id,
      m.transactionId,
      m.verification,
      m.reviewerId,
      m.transfer?.chainId ?? null,
      m.transfer?.logIndex ?? null,
      m.transfer?.from ?? null,
    ],
  );
}

/** Still under review, now for an operator (verification "manual") with the reason why. */
export function markRechargeManual(
  tx: Queryable,
  id: string,
  reason: string,
): Promise<RechargeRow> {
  return updateOne(
    tx,
    `UPDATE recharges SET verification = 'manual', reason = $2
      WHERE id = $1 AND status = 0 AND tx_hash IS NOT NULL
      RETURNING ${COLUMNS}`,
    [id, reason],
  );
}

export function markRechargeRejected(
  tx: Queryable,
  r: { id: string; reason: string; reviewerId: string | null },
): Promise<RechargeRow> {
  return updateOne(
    tx,
    `UPDATE recharges SET status = 2, reason = $2, reviewer_id = $3, reviewed_at = now()
      WHERE id = $1 AND status = 0
      RETURNING ${COLUMNS}`,
    [r.id, r.reason, r.reviewerId],
  );
}

/** Log indexes of this transaction already credited on this chain. */
export async function creditedLogIndexes(
  db: Queryable,
  chainId: number,
  txHash: string,
): Promise<number[]> {
  const rows = await db.query<{ log_index: number }>(
    "SELECT log_index FROM credited_deposits WHERE chain_id = $1 AND tx_hash = $2",
    [chainId, txHash],
  );
  return rows.map((row) => row.log_index);
}

/**
 * Records a transfer as credited to a recharge; false when that (chain, tx hash, log index) was
 * credited before — the primary key is the last guard against crediting one transfer twice.
 */
export async function insertCreditedDeposit(
  tx: Queryable,
  d: { chainId: number; txHash: string; logIndex: number; rechargeId: string },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO credited_deposits (chain_id, tx_hash, log_index, recharge_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING
     RETURNING recharge_id`,
    [d.chainId, d.txHash, d.logIndex, d.rechargeId],
  );
  return rows.length === 1;
}

async function updateOne(
  tx: Queryable,
  sql: string,
  params: (string | number | null)[],
): Promise<RechargeRow> {
  const [row] = await tx.query<RechargeRow>(sql, params);
  // Callers hold the row's lock and saw status 0, so a miss is a bug, not a race.
  if (!row) throw new Error("recharge update matched no row under review");
  return row;
}

/** The user's credited recharge of this transfer (any log of the tx), if one exists. */
export async function creditedRechargeOfUser(
  db: Queryable,
  d: { chainId: number; txHash: string; userId: string; amount: bigint },
): Promise<RechargeRow | null> {
  const [row] = await db.query<RechargeRow>(
    `SELECT ${R_COLUMNS} FROM credited_deposits c JOIN recharges r ON r.id = c.recharge_id
      WHERE c.chain_id = $1 AND c.tx_hash = $2 AND r.user_id = $3 AND r.amount = $4
      ORDER BY r.id LIMIT 1`,
    [d.chainId, d.txHash, d.userId, d.amount.toString()],
  );
  return row ?? null;
}
