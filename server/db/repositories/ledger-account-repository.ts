// Ledger accounts (migration 006): user accounts per user per asset, system accounts per asset.
// Balances are numeric(38,0) and travel as decimal strings of units; the domain turns them into
// bigint. Rows are locked in id order, the one lock order every posting follows (DESIGN §5).
import type { Queryable } from "../db";

export const SYSTEM_ACCOUNTS = [
  "deposits",
  "withdrawals",
  "fees",
  "broker",
  "options-pool",
  "contract-pool",
  "plan-pool",
  "demo-issuer",
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export interface AccountRow {
  id: string;
  asset: string;
  user_id: string | null;
  system: SystemAccount | null;
  available: string;
  frozen: string;
}

export interface AssetRow {
  code: string;
  scale: number;
}

export async function listAssets(db: Queryable): Promise<AssetRow[]> {
  return db.query<AssetRow>("SELECT code, scale FROM assets ORDER BY code");
}

/** The user's account in `asset`, created (empty) if it does not exist; answers its id. */
export async function ensureUserAccount(
  tx: Queryable,
  userId: string,
  asset: string,
): Promise<string> {
  await tx.query(
    `INSERT INTO ledger_accounts (asset, user_id) VALUES ($1, $2)
     ON CONFLICT (user_id, asset) WHERE user_id IS NOT NULL DO NOTHING`,
    [asset, userId],
  );
  const [row] = await tx.query<{ id: string }>(
    "SELECT id FROM ledger_accounts WHERE user_id = $1 AND asset = $2",
    [userId, asset],
  );
  if (row === undefined) throw new Error(`no ledger account for user ${userId} in ${asset}`);
  return row.id;
}

/** The system account of `asset`, created if an asset was added without one. */
export async function ensureSystemAccount(
  tx: Queryable,
  system: SystemAccount,
  asset: string,
): Promise<string> {
  const find = () =>
    tx.query<{ id: string }>("SELECT id FROM ledger_accounts WHERE system = $1 AND asset = $2", [
      system,
      asset,
    ]);
  const [found] = await find();
  if (found !== undefined) return found.id;
  await tx.query(
    `INSERT INTO ledger_accounts (asset, system) VALUES ($1, $2)
     ON CONFLICT (system, asset) WHERE system IS NOT NULL DO NOTHING`,
    [asset, system],
  );
  const [row] = await find();
  if (row === undefined) throw new Error(`no ${system} account in ${asset}`);
  return row.id;
}

export interface LockedAccountRow extends AccountRow {
  scale: number;
}

export interface AccountOwners {
  users: readonly { userId: string; asset: string }[];
  systems: readonly { system: SystemAccount; asset: string }[];
}

export interface LockedAccounts {
  /** The user accounts, locked until commit, and the system accounts (not locked), by id. */
  rows: LockedAccountRow[];
  /** A fresh transaction id for the posting (ledger_transaction_ids; unused ones leave gaps). */
  transactionId: string;
}

/**
 * Finds these accounts (distinct owners) and locks the user accounts until commit, always in
 * ascending id order; answers all of them with their asset's scale, and the posting's id. System
 * accounts are only looked up: postings never write their balances (the sealer does), so they
 * need no lock, and every posting would otherwise wait for the one before it on them. When any
 * account does not exist yet it locks nothing and answers null: the caller creates them
 * (ensure…) and asks again, so no account lock is ever held while waiting on another insert.
 */
export async function lockAccountsOf(
  tx: Queryable,
  owners: AccountOwners,
): Promise<LockedAccounts | null> {
  const rows = await tx.query<LockedAccountRow & { transaction_id: string }>(
    `WITH users_wanted AS (
       SELECT l.id FROM ledger_accounts l
         JOIN unnest($1::bigint[], $2::text[]) AS u (user_id, asset)
           ON l.user_id = u.user_id AND l.asset = u.asset
     ),
     systems_wanted AS (
       SELECT l.id FROM ledger_accounts l
         JOIN unnest($3::text[], $4::text[]) AS s (system, asset)
           ON l.system = s.system AND l.asset = s.asset
     ),
     complete AS (
       SELECT (SELECT count(*) FROM users_wanted) + (SELECT count(*) FROM systems_wanted) = $5
         AS ok
     ),
     locked AS (
       SELECT a.id, a.asset, a.user_id, a.system, a.available::text, a.frozen::text
         FROM ledger_accounts a
        WHERE a.id IN (SELECT id FROM users_wanted) AND (SELECT ok FROM complete)
        ORDER BY a.id FOR UPDATE OF a
     ),
     systems AS (
       SELECT a.id, a.asset, a.user_id, a.system, a.available::text, a.frozen::text
         FROM ledger_accounts a
        WHERE a.id IN (SELECT id FROM systems_wanted) AND (SELECT ok FROM complete)
     ),
     next_id AS (
       SELECT nextval('ledger_transaction_ids')::text AS transaction_id
        WHERE (SELECT ok FROM complete)
     )
     SELECT r.*, s.scale, n.transaction_id
       FROM (SELECT * FROM locked UNION ALL SELECT * FROM systems) r
       JOIN assets s ON s.code = r.asset CROSS JOIN next_id n
      ORDER BY r.id`,
    [
      owners.users.map((o) => o.userId),
      owners.users.map((o) => o.asset),
      owners.systems.map((o) => o.system),
      owners.systems.map((o) => o.asset),
      owners.users.length + owners.systems.length,
    ],
  );
  const first = rows[0];
  if (first === undefined) return null;
  return {
    rows: rows.map(({ transaction_id: _, ...row }) => row),
    transactionId: first.transaction_id,
  };
}

export interface UserBalanceRow {
  asset: string;
  scale: number;
  available: string;
  frozen: string;
}

/** The user's balances in every asset they hold an account in, by asset code. */
export async function userBalances(db: Queryable, userId: string): Promise<UserBalanceRow[]> {
  return db.query<UserBalanceRow>(
    `SELECT a.asset, s.scale, a.available::text, a.frozen::text
       FROM ledger_accounts a JOIN assets s ON s.code = a.asset
      WHERE a.user_id = $1 ORDER BY a.asset`,
    [userId],
  );
}
