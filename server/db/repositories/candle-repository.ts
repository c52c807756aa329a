// 1m candles (migration 005) and the longer intervals aggregated from them in SQL, by the same
// rule as server/market/candles.ts aggregateCandles (tests compare the two).
import type { Queryable } from "../db";

export interface CandleRow {
  symbol: string;
  /** Epoch ms of the candle's first minute. */
  openTime: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

interface DbCandle {
  symbol: string;
  open_ms: string;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

const toRow = (r: DbCandle): CandleRow => ({
  symbol: r.symbol,
  openTime: Number(r.open_ms),
  o: r.o,
  h: r.h,
  l: r.l,
  c: r.c,
  v: r.v,
});

const json = (candles: readonly CandleRow[]) =>
  JSON.stringify(candles.map((c) => ({ ...c, open_ms: String(c.openTime) })));

const RECORDSET = `jsonb_to_recordset($1::jsonb)
  AS x(symbol text, open_ms text, o text, h text, l text, c text, v text)`;

/**
 * Merges partial candles (the trades of one flush) into stored ones: the first open stays, high
 * and low widen, the close moves, volumes add. Safe across restarts mid-minute.
 */
export async function mergeCandles(tx: Queryable, partial: readonly CandleRow[]): Promise<void> {
  if (partial.length === 0) return;
  await tx.query(
    `INSERT INTO candles_1m (symbol, open_time, o, h, l, c, v)
     SELECT symbol, to_timestamp(open_ms::numeric / 1000), o::numeric, h::numeric, l::numeric,
            c::numeric, v::numeric
       FROM ${RECORDSET}
     ON CONFLICT (symbol, open_time) DO UPDATE
        SET h = greatest(candles_1m.h, EXCLUDED.h), l = least(candles_1m.l, EXCLUDED.l),
            c = EXCLUDED.c, v = candles_1m.v + EXCLUDED.v`,
    [json(partial)],
  );
}

/**
 * Bulk insert of complete candles (the backfill); one statement per call. Column arrays through
 * unnest parse faster than a JSON record set at this size (~43k rows a symbol for 30 days).
 */
export async function insertCandles(tx: Queryable, candles: readonly CandleRow[]): Promise<void> {
  if (candles.length === 0) return;
  const column = (pick: (c: CandleRow) => string) => candles.map(pick);
  await tx.query(
    `INSERT INTO candles_1m (symbol, open_time, o, h, l, c, v)
     SELECT symbol, to_timestamp(open_ms::numeric / 1000), o, h, l, c, v
       FROM unnest($1::text[], $2::int8[], $3::numeric[], $4::numeric[], $5::numeric[],
                   $6::numeric[], $7::numeric[]) AS x(symbol, open_ms, o, h, l, c, v)
     ON CONFLICT (symbol, open_time) DO NOTHING`,
    [
      column((c) => c.symbol),
      column((c) => String(c.openTime)),
      column((c) => c.o),
      column((c) => c.h),
      column((c) => c.l),
      column((c) => c.c),
      column((c) => c.v),
    ],
  );
}

export async function countCandles(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: string }>("SELECT count(*)::int8 AS n FROM candles_1m");
  return Number(row?.n ?? 0);
}

/**
 * Candles of `intervalMs` (a whole number of minutes) whose open time is in [fromMs, toMs),
 * aggregated from the 1m candles, oldest first. Buckets align to the UTC epoch.
 */
export async function readCandles(
  db: Queryable,
  symbol: string,
  intervalMs: number,
  fromMs: number,
  toMs: number,
): Promise<CandleRow[]> {
  const rows = await db.query<DbCandle>(
    `SELECT $1::text AS symbol, bucket::text AS open_ms,
            (array_agg(o ORDER BY open_time))[1]::text AS o, max(h)::text AS h,
            min(l)::text AS l, (array_agg(c ORDER BY open_time DESC))[1]::text AS c,
            sum(v)::text AS v
       FROM (SELECT (extract(epoch FROM open_time) * 1000)::int8 / $2::int8 * $2::int8 AS bucket,
                    open_time, o, h, l, c, v
               FROM candles_1m
              WHERE symbol = $1 AND open_time >= to_timestamp($3::numeric / 1000)
                AND open_time < to_timestamp($4::numeric / 1000)) AS m
      GROUP BY bucket ORDER BY bucket`,
    [symbol, intervalMs, fromMs, toMs],
  );
  return rows.map(toRow);
}

export interface Stats24h {
  symbol: string;
  open: string;
  high: string;
  low: string;
  volume: string;
}

/** Open, high, low and volume of each symbol over the 1m candles opened since `sinceMs`. */
export async function readStatsSince(db: Queryable, sinceMs: number): Promise<Stats24h[]> {
  return db.query<Stats24h>(
    `SELECT symbol, (array_agg(o ORDER BY open_time))[1]::text AS open, max(h)::text AS high,
            min(l)::text AS low, sum(v)::text AS volume
       FROM candles_1m WHERE open_time >= to_timestamp($1::numeric / 1000)
      GROUP BY symbol`,
    [sinceMs],
  );
}

/** The newest 1m candle of each given symbol that has any. */
export async function lastCloses(
  db: Queryable,
  symbols: readonly string[],
): Promise<{ symbol: string; c: string }[]> {
  return db.query<{ symbol: string; c: string }>(
    `SELECT s.symbol, t.c FROM unnest($1::text[]) AS s(symbol)
       CROSS JOIN LATERAL (
         SELECT c::text AS c FROM candles_1m WHERE candles_1m.symbol = s.symbol
          ORDER BY open_time DESC LIMIT 1
       ) AS t`,
    [symbols as string[]],
  );
}

/** Open times (ms) of a symbol's oldest and newest recorded 1m candles; null when it has none. */
export async function recordedCandleRange(
  db: Queryable,
  symbol: string,
): Promise<{ firstMs: number; lastMs: number } | null> {
  const [row] = await db.query<{ first_ms: string | null; last_ms: string | null }>(
    `SELECT (SELECT (extract(epoch FROM open_time) * 1000)::int8 FROM candles_1m
              WHERE symbol = $1 ORDER BY open_time LIMIT 1)::text AS first_ms,
            (SELECT (extract(epoch FROM open_time) * 1000)::int8 FROM candles_1m
              WHERE symbol = $1 ORDER BY open_time DESC LIMIT 1)::text AS last_ms`,
    [symbol],
  );
  if (row?.first_ms == null || row.last_ms == null) return null;
  return { firstMs: Number(row.first_ms), lastMs: Number(row.last_ms) };
}

/**
 * A symbol's stored 1m candles opened in [fromMs, toMs), oldest first, as ONE string:
 * "openMs,o,h,l,c,v" joined by ";" ("" when none). One text value instead of a row per candle
 * costs PGlite (which shares the event loop with the API) about a tenth as much to answer.
 */
export async function readMinuteCandlesText(
  db: Queryable,
  symbol: string,
  fromMs: number,
  toMs: number,
): Promise<string> {
  const [row] = await db.query<{ s: string | null }>(
    `SELECT string_agg((extract(epoch FROM open_time) * 1000)::int8 || ',' || o || ',' || h
                       || ',' || l || ',' || c || ',' || v, ';' ORDER BY open_time) AS s
       FROM candles_1m
      WHERE symbol = $1 AND open_time >= to_timestamp($2::numeric / 1000)
        AND open_time < to_timestamp($3::numeric / 1000)`,
    [symbol, fromMs, toMs],
  );
  return row?.s ?? "";
}
