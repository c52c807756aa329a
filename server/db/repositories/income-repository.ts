// What the user's income is made of (server/domain/income/): their spot fills, oldest first,
// their settled options and their closed contract positions. Fills are append-only and a settled
// option or a completed contract order never changes, so a past day's income never changes.
import type { Queryable } from "../db";

export interface SpotFillIncomeRow {
  base: string;
  side: 0 | 1;
  number: string;
  notional: string;
  fee: string;
  created_at: Date;
}

export async function userSpotFills(db: Queryable, userId: string): Promise<SpotFillIncomeRow[]> {
  return db.query<SpotFillIncomeRow>(
    `SELECT o.base, o.side, f.number::text AS number, f.notional::text AS notional,
            f.fee::text AS fee, f.created_at
       FROM spot_fills f JOIN spot_orders o ON o.id = f.order_id
      WHERE o.user_id = $1
      ORDER BY f.id`,
    [userId],
  );
}

export interface SettledOptionIncomeRow {
  result: "win" | "lose" | "tie" | "void";
  profit: string;
  fee: string;
  settled_at: Date;
}

/** The user's settled options in settlement order (a settled row never changes). */
export async function userSettledOptions(
  db: Queryable,
  userId: string,
): Promise<SettledOptionIncomeRow[]> {
  return db.query<SettledOptionIncomeRow>(
    `SELECT result, profit::text AS profit, fee::text AS fee, settled_at FROM options_orders
      WHERE user_id = $1 AND result IS NOT NULL
      ORDER BY settled_at, id`,
    [userId],
  );
}

export interface ClosedContractIncomeRow {
  pnl: string;
  open_fee: string;
  close_fee: string;
  closed_at: Date;
}

/** The user's closed positions (not cancelled orders) in closing order; a completed row never changes. */
export async function userClosedContracts(
  db: Queryable,
  userId: string,
): Promise<ClosedContractIncomeRow[]> {
  return db.query<ClosedContractIncomeRow>(
    `SELECT pnl::text AS pnl, open_fee::text AS open_fee, close_fee::text AS close_fee, closed_at
       FROM contract_orders
      WHERE user_id = $1 AND state = 2 AND pnl IS NOT NULL
      ORDER BY closed_at, id`,
    [userId],
  );
}

export interface PlanResultRow {
  /** USDT units, signed: a 102 profit is positive, a 202 loss negative. */
  amount: string;
  created_at: Date;
}

/**
 * What the user's ended quant plans earned: their 102 (profit from the plan pool) and 202 (loss
 * to it) bills, oldest first. The 103/104 pair around them only froze and released the amount.
 */
export async function userPlanResults(db: Queryable, userId: string): Promise<PlanResultRow[]> {
  return db.query<PlanResultRow>(
    `SELECT amount::text AS amount, created_at FROM bills
      WHERE user_id = $1 AND ref_kind = 'quant-subscription' AND type IN (102, 202)
        AND asset = 'USDT'
      ORDER BY id`,
    [userId],
  );
}
