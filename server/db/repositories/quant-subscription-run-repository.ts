// What the plan runner reads of the market record for one subscription: a symbol's recorded
// ticks after its cursor and before the plan's delivery time, by seq, and its stored 1m candles.
import type { Queryable } from "../db";

export interface PlanTickRow {
  seq: string;
  /** As recorded (the symbol's scale). */
  price: string;
  ts_ms: string;
}

export async function readPlanTicks(
  db: Queryable,
  q: { symbol: string; afterSeq: string; beforeMs: number; limit: number },
): Promise<PlanTickRow[]> {
  return db.query<PlanTickRow>(
    `SELECT seq::text AS seq, price::text AS price,
            (extract(epoch FROM ts) * 1000)::int8::text AS ts_ms
       FROM ticks
      WHERE symbol = $1 AND seq > $2::int8 AND ts < to_timestamp($3::numeric / 1000)
      ORDER BY seq LIMIT $4`,
    [q.symbol, q.afterSeq, String(q.beforeMs), q.limit],
  );
}

export interface PlanCandleRow {
  open_ms: string;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

/** 1m candles of `symbol` opened in [fromMs, toMs), oldest first. */
export async function readPlanCandles(
  db: Queryable,
  q: { symbol: string; fromMs: number; toMs: number },
): Promise<PlanCandleRow[]> {
  return db.query<PlanCandleRow>(
    `SELECT (extract(epoch FROM open_time) * 1000)::int8::text AS open_ms, o::text AS o,
            h::text AS h, l::text AS l, c::text AS c, v::text AS v
       FROM candles_1m
      WHERE symbol = $1 AND open_time >= to_timestamp($2::numeric / 1000)
        AND open_time < to_timestamp($3::numeric / 1000)
      ORDER BY open_time`,
    [q.symbol, String(q.fromMs), String(q.toMs)],
  );
}

/** The newest `count` 1m candles of `symbol` opened before `beforeMs`, oldest first. */
export async function readCandlesBefore(
  db: Queryable,
  q: { symbol: string; beforeMs: number; count: number },
): Promise<PlanCandleRow[]> {
  const rows = await db.query<PlanCandleRow>(
    `SELECT (extract(epoch FROM open_time) * 1000)::int8::text AS open_ms, o::text AS o,
            h::text AS h, l::text AS l, c::text AS c, v::text AS v
       FROM candles_1m
      WHERE symbol = $1 AND open_time < to_timestamp($2::numeric / 1000)
      ORDER BY open_time DESC LIMIT $3`,
    [q.symbol, String(q.beforeMs), q.count],
  );
  return rows.reverse();
}

/** Whether `symbol` has a recorded tick after `afterSeq` at or after `fromMs`. */
export async function hasTickFrom(
  db: Queryable,
  q: { symbol: string; afterSeq: string; fromMs: number },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM ticks
      WHERE symbol = $1 AND seq > $2::int8 AND ts >= to_timestamp($3::numeric / 1000) LIMIT 1`,
    [q.symbol, q.afterSeq, String(q.fromMs)],
  );
  return rows.length > 0;
}
