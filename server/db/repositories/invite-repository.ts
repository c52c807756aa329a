// Invitations and their rewards (migration 023): who a referrer invited, the reward rows, the
// queue of invitees to look at again, and the promotions account the rewards are paid from.
import type { Queryable } from "../db";

export interface InviteeRow {
  id: string;
  address: string | null;
  created_at: Date;
  verified: boolean;
  /** null: no reward earned for them; false: earned, waiting for budget; true: paid. */
  reward_paid: boolean | null;
}

/** A referrer's invitees, newest first, each with whether they passed identity review. */
export async function listInvitees(
  db: Queryable,
  referrerId: string,
  limit: number,
): Promise<InviteeRow[]> {
  return db.query<InviteeRow>(
    `SELECT u.id::text AS id, u.address, u.created_at,
            EXISTS (SELECT 1 FROM identity_submissions s
                     WHERE s.user_id = u.id AND s.status = 1) AS verified,
            CASE WHEN r.invitee_id IS NULL THEN NULL ELSE r.paid_at IS NOT NULL END AS reward_paid
       FROM users u LEFT JOIN invite_rewards r ON r.invitee_id = u.id
      WHERE u.referrer_id = $1
      ORDER BY u.id DESC LIMIT $2`,
    [referrerId, limit],
  );
}

export interface InviteTotalsRow {
  invitees: number;
  verified_invitees: number;
  paid: string;
  waiting: number;
}

export async function inviteTotals(db: Queryable, referrerId: string): Promise<InviteTotalsRow> {
  const [row] = await db.query<InviteTotalsRow>(
    `SELECT (SELECT count(*)::int FROM users u WHERE u.referrer_id = $1) AS invitees,
            (SELECT count(*)::int FROM users u WHERE u.referrer_id = $1 AND EXISTS (
               SELECT 1 FROM identity_submissions s WHERE s.user_id = u.id AND s.status = 1))
              AS verified_invitees,
            (SELECT COALESCE(sum(amount), 0)::text FROM invite_rewards
              WHERE referrer_id = $1 AND paid_at IS NOT NULL) AS paid,
            (SELECT count(*)::int FROM invite_rewards
              WHERE referrer_id = $1 AND paid_at IS NULL) AS waiting`,
    [referrerId],
  );
  if (row === undefined) throw new Error("inviteTotals: no row");
  return row;
}

/**
 * Queues the user for a reward check when someone invited them and no reward was paid for them
 * yet (two primary-key lookups: cheap enough for the event's own transaction).
 */
export async function queueRewardCheck(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO invite_reward_checks (invitee_id)
     SELECT u.id FROM users u
      WHERE u.id = $1 AND u.referrer_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM invite_rewards r WHERE r.invitee_id = u.id AND r.paid_at IS NOT NULL)
     ON CONFLICT (invitee_id) DO NOTHING`,
    [userId],
  );
}

/** Takes up to `limit` queued invitees off the queue (SKIP LOCKED: two payers split it). */
export async function takeRewardChecks(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db.query<{ invitee_id: string }>(
    `DELETE FROM invite_reward_checks WHERE invitee_id IN (
       SELECT invitee_id FROM invite_reward_checks ORDER BY queued_at
        LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING invitee_id::text AS invitee_id`,
    [limit],
  );
  return rows.map((r) => r.invitee_id);
}

/** The sweep: every invitee whose reward is not paid yet goes back on the queue. */
export async function queueUnpaidInvitees(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH queued AS (
       INSERT INTO invite_reward_checks (invitee_id)
       SELECT u.id FROM users u
        WHERE u.referrer_id IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM invite_rewards r WHERE r.invitee_id = u.id AND r.paid_at IS NOT NULL)
       ON CONFLICT (invitee_id) DO NOTHING RETURNING 1)
     SELECT count(*)::int AS n FROM queued`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Locks the promotions account of `asset` and answers its id and balance: the sum of all its
 * entries, sealed or not (the stored balance holds sealed ones only: domain/ledger/README.md).
 * Every reward decision holds this lock, so they happen one at a time and none spends what
 * another already spent. Funding does not take it: money arriving can only help.
 */
export async function lockPromotionsBudget(
  tx: Queryable,
  asset: string,
): Promise<{ accountId: string; balance: bigint }> {
  const [account] = await tx.query<{ id: string }>(
    `SELECT id::text AS id FROM ledger_accounts
      WHERE system = 'promotions' AND asset = $1 FOR UPDATE`,
    [asset],
  );
  if (account === undefined) throw new Error(`No promotions account for ${asset}`);
  return { accountId: account.id, balance: await promotionsBalance(tx, account.id) };
}

export async function promotionsBalance(db: Queryable, accountId: string): Promise<bigint> {
  const [row] = await db.query<{ sum: string }>(
    "SELECT COALESCE(sum(amount), 0)::text AS sum FROM ledger_entries WHERE account_id = $1",
    [accountId],
  );
  return BigInt(row?.sum ?? "0");
}

export async function promotionsAccountId(db: Queryable, asset: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    "SELECT id::text AS id FROM ledger_accounts WHERE system = 'promotions' AND asset = $1",
    [asset],
  );
  if (row === undefined) throw new Error(`No promotions account for ${asset}`);
  return row.id;
}

export interface InviteeFacts {
  referrer_id: string | null;
  /** The ID number of the invitee's newest approved identity, or null. */
  id_number: string | null;
  /** The ID number of the referrer's newest approved identity, or null. */
  referrer_id_number: string | null;
  deposited: string;
}

/** What the reward rule asks about an invitee. */
export async function inviteeFacts(
  tx: Queryable,
  inviteeId: string,
  asset: string,
): Promise<InviteeFacts | null> {
  const [row] = await tx.query<InviteeFacts>(
    `SELECT u.referrer_id::text AS referrer_id,
            (SELECT s.id_number FROM identity_submissions s
              WHERE s.user_id = u.id AND s.status = 1 ORDER BY s.id DESC LIMIT 1) AS id_number,
            (SELECT s.id_number FROM identity_submissions s
              WHERE s.user_id = u.referrer_id AND s.status = 1 ORDER BY s.id DESC LIMIT 1)
              AS referrer_id_number,
            (SELECT COALESCE(sum(b.amount), 0)::text FROM bills b
              WHERE b.user_id = u.id AND b.type = 101 AND b.asset = $2) AS deposited
       FROM users u WHERE u.id = $1`,
    [inviteeId, asset],
  );
  return row ?? null;
}

export interface RewardRow {
  invitee_id: string;
  referrer_id: string;
  amount: string;
  paid_at: Date | null;
}

export async function findReward(tx: Queryable, inviteeId: string): Promise<RewardRow | null> {
  const [row] = await tx.query<RewardRow>(
    `SELECT invitee_id::text AS invitee_id, referrer_id::text AS referrer_id,
            amount::text AS amount, paid_at
       FROM invite_rewards WHERE invitee_id = $1`,
    [inviteeId],
  );
  return row ?? null;
}

/** True when another reward already counted this identity. */
export async function identityRewarded(tx: Queryable, identityKey: string): Promise<boolean> {
  const rows = await tx.query("SELECT 1 FROM invite_rewards WHERE identity_key = $1", [
    identityKey,
  ]);
  return rows.length > 0;
}

export async function insertReward(
  tx: Queryable,
  reward: {
    inviteeId: string;
    referrerId: string;
    identityKey: string | null;
    asset: string;
    amount: bigint;
  },
): Promise<RewardRow> {
  const [row] = await tx.query<RewardRow>(
    `INSERT INTO invite_rewards (invitee_id, referrer_id, identity_key, asset, amount)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING invitee_id::text AS invitee_id, referrer_id::text AS referrer_id,
               amount::text AS amount, paid_at`,
    [reward.inviteeId, reward.referrerId, reward.identityKey, reward.asset, reward.amount],
  );
  if (row === undefined) throw new Error("insertReward: no row");
  return row;
}

export async function markRewardPaid(
  tx: Queryable,
  inviteeId: string,
  transactionId: string,
): Promise<void> {
  await tx.query(
    `UPDATE invite_rewards SET paid_at = now(), transaction_id = $2
      WHERE invitee_id = $1 AND paid_at IS NULL`,
    [inviteeId, transactionId],
  );
}
