// The tick record (migration 005): batched inserts, the chain head, range reads and pruning.
// Times cross this boundary as epoch milliseconds (strings from int8), never as Date, so PGlite
// and PostgreSQL serve exactly the same ts the hash was computed over.
import type { Queryable } from "../db";

export interface TickRow {
  symbol: string;
  seq: string;
  price: string;
  qty: string;
  /** Epoch milliseconds. */
  tsMs: number;
  hash: string;
}

interface DbTick {
  symbol: string;
  seq: string;
  price: string;
  qty: string;
  ts_ms: string;
  hash: string;
}

const COLUMNS = `symbol, seq::text AS seq, price::text AS price, qty::text AS qty,
  (extract(epoch FROM ts) * 1000)::int8 AS ts_ms, hash`;

const toRow = (r: DbTick): TickRow => ({
  symbol: r.symbol,
  seq: r.seq,
  price: r.price,
  qty: r.qty,
  tsMs: Number(r.ts_ms),
  hash: r.hash,
});

/** One statement for the whole batch, whatever its size. */
export async function insertTicks(tx: Queryable, ticks: readonly TickRow[]): Promise<void> {
  if (ticks.length === 0) return;
  await tx.query(
    `INSERT INTO ticks (symbol, seq, price, qty, ts, hash)
     SELECT symbol, seq::int8, price::numeric, qty::numeric,
            to_timestamp(ts_ms::numeric / 1000), hash
       FROM jsonb_to_recordset($1::jsonb)
         AS x(symbol text, seq text, price text, qty text, ts_ms text, hash text)`,
    [
      JSON.stringify(
        ticks.map((t) => ({
          symbol: t.symbol,
          seq: t.seq,
          price: t.price,
          qty: t.qty,
          ts_ms: String(t.tsMs),
          hash: t.hash,
        })),
      ),
    ],
  );
}

/** The newest tick of each given symbol that has any (one index probe per symbol). */
export async function readLastTicks(db: Queryable, symbols: readonly string[]): Promise<TickRow[]> {
  const rows = await db.query<DbTick>(
    `SELECT t.* FROM unnest($1::text[]) AS s(symbol)
       CROSS JOIN LATERAL (
         SELECT ${COLUMNS} FROM ticks WHERE ticks.symbol = s.symbol ORDER BY ticks.seq DESC LIMIT 1
       ) AS t`,
    [symbols as string[]],
  );
  return rows.map(toRow);
}

export interface TickRange {
  symbol: string;
  /** Inclusive epoch-ms bounds; either may be absent. */
  fromMs?: number;
  toMs?: number;
  limit: number;
}

/** Oldest first: from `fromMs` forwards, or the newest `limit` when only `toMs` (or nothing) is set. */
export async function readTicks(db: Queryable, range: TickRange): Promise<TickRow[]> {
  const params = [range.symbol, range.fromMs ?? null, range.toMs ?? null, range.limit];
  const where = `symbol = $1
    AND ($2::int8 IS NULL OR ts >= to_timestamp($2::numeric / 1000))
    AND ($3::int8 IS NULL OR ts <= to_timestamp($3::numeric / 1000))`;
  const rows =
    range.fromMs !== undefined
      ? await db.query<DbTick>(
          `SELECT ${COLUMNS} FROM ticks WHERE ${where} ORDER BY ticks.seq LIMIT $4`,
          params,
        )
      : (
          await db.query<DbTick>(
            `SELECT ${COLUMNS} FROM ticks WHERE ${where} ORDER BY ticks.seq DESC LIMIT $4`,
            params,
          )
        ).reverse();
  return rows.map(toRow);
}

/**
 * Deletes ticks recorded before `beforeMs` that no order keeps; returns how many. The tick right
 * after a kept one stays too: it proves where a kept run ends (the tick after an option's exit,
 * which may not have existed yet when the option settled).
 */
export async function pruneTicks(db: Queryable, beforeMs: number): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    `WITH gone AS (
       DELETE FROM ticks t
        WHERE t.ts < to_timestamp($1::numeric / 1000) AND NOT t.kept
          AND NOT EXISTS (
            SELECT 1 FROM ticks p WHERE p.symbol = t.symbol AND p.seq = t.seq - 1 AND p.kept)
       RETURNING 1
     ) SELECT count(*)::int8 AS n FROM gone`,
    [beforeMs],
  );
  return Number(row?.n ?? 0);
}

/**
 * Keeps for ever every tick of `symbol` from the second-newest at or before `afterMs` through
 * the last at or before `upToMs`: what a verifier reads to re-check an option settled on that
 * window (protocol/options-verify-ticks.ts) — two ticks proving where the window starts, every
 * link inside it; the tick after it stays by pruneTicks' rule.
 */
export async function keepTickRange(
  tx: Queryable,
  symbol: string,
  afterMs: number,
  upToMs: number,
): Promise<void> {
  await tx.query(
    `UPDATE ticks SET kept = true
      WHERE symbol = $1 AND NOT kept AND ts <= to_timestamp($3::numeric / 1000)
        AND seq >= coalesce((
          SELECT seq FROM ticks WHERE symbol = $1 AND ts <= to_timestamp($2::numeric / 1000)
           ORDER BY seq DESC OFFSET 1 LIMIT 1), 1)`,
    [symbol, String(afterMs), String(upToMs)],
  );
}

/** Keeps ticks for ever (an order settled on them). */
export async function keepTicks(
  tx: Queryable,
  symbol: string,
  seqs: readonly string[],
): Promise<void> {
  await tx.query(`UPDATE ticks SET kept = true WHERE symbol = $1 AND seq = ANY($2::int8[])`, [
    symbol,
    seqs as string[],
  ]);
}
