// Weighted scores (migration 022): the stored score with its terms and inputs, the inputs as the
// ledger and activity tables say, and the queue of users whose score an event may have changed.
import type { Queryable } from "../db";

export interface WeightedScoreRow {
  user_id: string;
  weighted_score: number;
  total_limit: number;
  usage_habits: number;
  contribution: number;
  /** USDT units (scale 6), as text. */
  total_deposits: string;
  active_days: number;
  backtests: number;
  strategies_shared: number;
  computed_at: Date;
}

/** What the score counts, read now. */
export interface ScoreInputRows {
  /** USDT units of every credited deposit (bill 101). */
  totalDeposits: bigint;
  activeDays: number;
  backtests: number;
}

const COLUMNS = `user_id, weighted_score, total_limit, usage_habits, contribution,
  total_deposits::text AS total_deposits, active_days, backtests, strategies_shared, computed_at`;

export async function findWeightedScore(
  db: Queryable,
  userId: string,
): Promise<WeightedScoreRow | null> {
  const [row] = await db.query<WeightedScoreRow>(
    `SELECT ${COLUMNS} FROM weighted_scores WHERE user_id = $1`,
    [userId],
  );
  return row ?? null;
}

/**
 * The user's stored score (if any), with the user's row locked until commit so two jobs compute
 * one user one after another — a score not stored yet has no row to lock. FOR NO KEY UPDATE does
 * not conflict with the key-share locks that appends to the user's change log take.
 */
export async function lockWeightedScore(
  tx: Queryable,
  userId: string,
): Promise<WeightedScoreRow | null> {
  await tx.query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE", [userId]);
  const [row] = await tx.query<WeightedScoreRow>(
    `SELECT ${COLUMNS} FROM weighted_scores WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  return row ?? null;
}

export async function saveWeightedScore(tx: Queryable, row: WeightedScoreRow): Promise<void> {
  await tx.query(
    `INSERT INTO weighted_scores (user_id, weighted_score, total_limit, usage_habits, contribution,
       total_deposits, active_days, backtests, strategies_shared, computed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (user_id) DO UPDATE SET
       weighted_score = EXCLUDED.weighted_score, total_limit = EXCLUDED.total_limit,
       usage_habits = EXCLUDED.usage_habits, contribution = EXCLUDED.contribution,
       total_deposits = EXCLUDED.total_deposits, active_days = EXCLUDED.active_days,
       backtests = EXCLUDED.backtests, strategies_shared = EXCLUDED.strategies_shared,
       computed_at = EXCLUDED.computed_at`,
    [
      row.user_id,
      row.weighted_score,
      row.total_limit,
      row.usage_habits,
      row.contribution,
      row.total_deposits,
      row.active_days,
      row.backtests,
      row.strategies_shared,
      row.computed_at,
    ],
  );
}

/**
 * The inputs as of `now`. Active days are the UTC calendar days from `windowStart` (inclusive)
 * to `windowEnd` (exclusive) with at least one trade: a spot fill, an option bought, a contract
 * opened or closed (a cancelled waiting order is no trade), a plan started.
 */
export async function readScoreInputs(
  db: Queryable,
  userId: string,
  windowStart: Date,
  windowEnd: Date,
): Promise<ScoreInputRows> {
  const [row] = await db.query<{ deposits: string; days: number; backtests: number }>(
    `SELECT
       (SELECT coalesce(sum(amount), 0)::text FROM bills
         WHERE user_id = $1 AND type = 101 AND asset = 'USDT') AS deposits,
       (SELECT count(DISTINCT (at AT TIME ZONE 'UTC')::date)::int FROM (
          SELECT f.created_at AS at FROM spot_fills f JOIN spot_orders o ON o.id = f.order_id
           WHERE o.user_id = $1 AND f.created_at >= $2 AND f.created_at < $3
          UNION ALL
          SELECT time FROM options_orders
           WHERE user_id = $1 AND time >= $2 AND time < $3
          UNION ALL
          SELECT opened_at FROM contract_orders
           WHERE user_id = $1 AND opened_at >= $2 AND opened_at < $3
          UNION ALL
          SELECT closed_at FROM contract_orders
           WHERE user_id = $1 AND close_reason <> 'cancelled' AND closed_at >= $2 AND closed_at < $3
          UNION ALL
          SELECT started_at FROM quant_subscriptions
           WHERE user_id = $1 AND started_at >= $2 AND started_at < $3
        ) trades) AS days,
       (SELECT count(*)::int FROM quant_jobs WHERE user_id = $1 AND status = 'done') AS backtests`,
    [userId, windowStart, windowEnd],
  );
  if (row === undefined) throw new Error("readScoreInputs returned no row");
  return { totalDeposits: BigInt(row.deposits), activeDays: row.days, backtests: row.backtests };
}

/** Users with queued events, oldest event first. */
export async function dirtyScoreUsers(db: Queryable, limit: number): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `SELECT user_id FROM weighted_score_dirty GROUP BY user_id ORDER BY min(id) LIMIT $1`,
    [limit],
  );
  return rows.map((row) => row.user_id);
}

/** The ids of the user's queued events, read before computing (deleted after). */
export async function dirtyScoreIds(tx: Queryable, userId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    "SELECT id FROM weighted_score_dirty WHERE user_id = $1",
    [userId],
  );
  return rows.map((row) => row.id);
}

export async function deleteDirtyScoreIds(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query("DELETE FROM weighted_score_dirty WHERE id = ANY($1::bigint[])", [
    ids as string[],
  ]);
}

/** Wallet users whose score was never computed or last computed before `before`. */
export async function staleScoreUsers(
  db: Queryable,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT u.id FROM users u LEFT JOIN weighted_scores w ON w.user_id = u.id
      WHERE u.role = 'user' AND (w.user_id IS NULL OR w.computed_at < $1)
      ORDER BY u.id LIMIT $2`,
    [before, limit],
  );
  return rows.map((row) => row.id);
}
