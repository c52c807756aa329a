// What the equity curve (server/domain/assets/equity-curve.ts) is computed from: the user's ledger
// entries (available and frozen legs alike) per asset, and the recorded 1m candles' closes.
// Entries and candles are append-only, so a past day's point never changes.
import type { Queryable } from "../db";

export interface AssetBalanceRow {
  asset: string;
  scale: number;
  /** Units: the sum of the account's entries (available + frozen) before the instant asked. */
  units: string;
}

/** Per asset the user has an account in: available + frozen from the entries before `before`. */
export async function userBalancesBefore(
  db: Queryable,
  userId: string,
  before: Date,
): Promise<AssetBalanceRow[]> {
  return db.query<AssetBalanceRow>(
    `SELECT a.asset, s.scale, coalesce(sum(e.amount), 0)::text AS units
       FROM ledger_accounts a
       JOIN assets s ON s.code = a.asset
       LEFT JOIN (ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id)
              ON e.account_id = a.id AND t.created_at < $2
      WHERE a.user_id = $1
      GROUP BY a.asset, s.scale
      ORDER BY a.asset`,
    [userId, before.toISOString()],
  );
}

export interface EntryRow {
  asset: string;
  /** Units, signed. */
  amount: string;
  created_at: Date;
}

/** The user's entries (both buckets) from `from` up to `to`, oldest first. */
export async function userEntriesBetween(
  db: Queryable,
  userId: string,
  from: Date,
  to: Date,
): Promise<EntryRow[]> {
  return db.query<EntryRow>(
    `SELECT a.asset, e.amount::text AS amount, t.created_at
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.user_id = $1 AND t.created_at >= $2 AND t.created_at < $3
      ORDER BY t.created_at, e.transaction_id, e.leg`,
    [userId, from.toISOString(), to.toISOString()],
  );
}

/**
 * The close of `symbol`'s last recorded 1m candle that began before each of `ends` (a candle
 * begun before a day's end closed by it: day boundaries fall on whole minutes), in the order of
 * `ends`; null where none was recorded by then.
 */
export async function lastClosesBefore(
  db: Queryable,
  symbol: string,
  ends: readonly Date[],
): Promise<(string | null)[]> {
  const rows = await db.query<{ i: string; close: string | null }>(
    `SELECT b.i::text AS i,
            (SELECT c.c::text FROM candles_1m c
              WHERE c.symbol = $1 AND c.open_time < b.end_at
              ORDER BY c.open_time DESC LIMIT 1) AS close
       FROM unnest($2::timestamptz[]) WITH ORDINALITY AS b (end_at, i)
      ORDER BY b.i`,
    [symbol, ends.map((end) => end.toISOString())],
  );
  return rows.map((row) => row.close);
}
