// What the contract trigger engine reads and writes besides the orders (migration 017): its
// per-symbol cursor over the tick record, and the recorded ticks of a symbol by seq range.
import type { Queryable } from "../db";

/** A recorded tick as the trigger engine reads it (price as served: a decimal string). */
export interface TriggerTick {
  seq: bigint;
  price: string;
  /** Epoch milliseconds. */
  tsMs: number;
}

/** Every symbol's cursor (the newest tick checked), as stored. */
export async function readTriggerCursors(db: Queryable): Promise<Map<string, bigint>> {
  const rows = await db.query<{ symbol: string; seq: string }>(
    "SELECT symbol, seq::text AS seq FROM contract_trigger_cursors",
  );
  return new Map(rows.map((r) => [r.symbol, BigInt(r.seq)]));
}

/**
 * Where a symbol without a cursor starts: the oldest opening tick of its open
 * positions, or else its newest recorded tick (nothing before it can concern a position opened
 * later). Written only if still absent; answers the stored value either way.
 */
export async function startTriggerCursor(tx: Queryable, symbol: string): Promise<bigint> {
  const [row] = await tx.query<{ seq: string }>(
    `WITH start AS (
       SELECT coalesce(
         (SELECT min(open_tick_seq) FROM contract_orders WHERE symbol = $1 AND state = 1),
         (SELECT max(seq) FROM ticks WHERE symbol = $1), 0) AS seq
     ), added AS (
       INSERT INTO contract_trigger_cursors (symbol, seq) SELECT $1, seq FROM start
       ON CONFLICT (symbol) DO NOTHING RETURNING seq
     )
     SELECT seq::text AS seq FROM added
     UNION ALL SELECT seq::text FROM contract_trigger_cursors WHERE symbol = $1
     LIMIT 1`,
    [symbol],
  );
  return BigInt(row?.seq ?? "0");
}

/**
 * Moves cursors from the value this worker last saw to a later one; answers the symbols whose
 * cursor was not at that value (another worker moved it: the caller's transaction must not
 * commit its closes).
 */
export async function advanceTriggerCursors(
  tx: Queryable,
  moves: readonly { symbol: string; from: bigint; to: bigint }[],
): Promise<string[]> {
  if (moves.length === 0) return [];
  const rows = await tx.query<{ symbol: string }>(
    `UPDATE contract_trigger_cursors c SET seq = m.to_seq::int8
       FROM jsonb_to_recordset($1::jsonb) AS m(symbol text, from_seq text, to_seq text)
      WHERE c.symbol = m.symbol AND c.seq = m.from_seq::int8
      RETURNING c.symbol`,
    [
      JSON.stringify(
        moves.map((m) => ({ symbol: m.symbol, from_seq: String(m.from), to_seq: String(m.to) })),
      ),
    ],
  );
  const moved = new Set(rows.map((r) => r.symbol));
  return moves.filter((m) => !moved.has(m.symbol)).map((m) => m.symbol);
}

/** Recorded ticks of `symbol` with afterSeq < seq ≤ upToSeq (null: no upper bound), by seq. */
export async function readTicksBySeq(
  db: Queryable,
  symbol: string,
  afterSeq: bigint,
  upToSeq: bigint | null,
  limit: number,
): Promise<TriggerTick[]> {
  // Ordered by the column, not by the text alias of the same name ("10" < "9").
  const rows = await db.query<{ seq: string; price: string; ts_ms: string }>(
    `SELECT t.seq::text AS seq, t.price::text AS price,
            (extract(epoch FROM t.ts) * 1000)::int8::text AS ts_ms
       FROM ticks t
      WHERE t.symbol = $1 AND t.seq > $2::int8 AND ($3::int8 IS NULL OR t.seq <= $3::int8)
      ORDER BY t.seq LIMIT $4`,
    [symbol, String(afterSeq), upToSeq === null ? null : String(upToSeq), limit],
  );
  return rows.map((r) => ({ seq: BigInt(r.seq), price: r.price, tsMs: Number(r.ts_ms) }));
}
