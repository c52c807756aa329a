// Ledger accounts (migration 006): user accounts per user per asset, system accounts per asset.
// Balances are numeric(38,0) and travel as decimal strings of units; the domain turns them into
// bigint. Postings create, lock (in id order, DESIGN §5) and write them in `ledger_post`
// (migration 018, ledger-post-repository.ts).
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
  // Invitation rewards (bill 105), funded by operators (migration 023, domain/invite).
  "promotions",
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export interface AssetRow {
  code: string;
  scale: number;
}

export async function listAssets(db: Queryable): Promise<AssetRow[]> {
  return db.query<AssetRow>("SELECT code, scale FROM assets ORDER BY code");
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
