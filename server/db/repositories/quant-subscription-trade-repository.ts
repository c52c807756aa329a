// A plan's trades (migration 021 quant_trades), each with the recorded tick it used, read back
// with that tick (seq, price as hashed, time, hash) for GET /quant/subscriptions/{id}/trades.
import type { Queryable } from "../db";

export interface NewQuantTrade {
  subscriptionId: string;
  symbol: string;
  side: "buy" | "sell";
  /** USDT units per whole base coin. */
  price: bigint;
  /** Base units. */
  quantity: bigint;
  /** USDT units. */
  notional: bigint;
  fee: bigint;
  fill: "book" | "tick";
  reason: "strategy" | "close";
  tickSeq: string;
  timeMs: number;
}

export interface QuantTradeRow {
  id: string;
  subscription_id: string;
  symbol: string;
  side: "buy" | "sell";
  price: string;
  quantity: string;
  fee: string;
  time_ms: string;
  tick_seq: string;
  tick_price: string;
  tick_ms: string;
  tick_hash: string;
}

/** One statement for a run's trades, in the order they happened. */
export async function insertQuantTrades(
  tx: Queryable,
  trades: readonly NewQuantTrade[],
): Promise<void> {
  if (trades.length === 0) return;
  await tx.query(
    `INSERT INTO quant_trades (subscription_id, symbol, side, price, quantity, notional, fee, fill,
       reason, tick_seq, time)
     SELECT (x->>'subscription_id')::int8, x->>'symbol', x->>'side', (x->>'price')::numeric,
            (x->>'quantity')::numeric, (x->>'notional')::numeric, (x->>'fee')::numeric,
            x->>'fill', x->>'reason', (x->>'tick_seq')::int8,
            to_timestamp((x->>'time_ms')::numeric / 1000)
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(x, n)
      ORDER BY n`,
    [
      JSON.stringify(
        trades.map((t) => ({
          subscription_id: t.subscriptionId,
          symbol: t.symbol,
          side: t.side,
          price: t.price.toString(),
          quantity: t.quantity.toString(),
          notional: t.notional.toString(),
          fee: t.fee.toString(),
          fill: t.fill,
          reason: t.reason,
          tick_seq: t.tickSeq,
          time_ms: String(t.timeMs),
        })),
      ),
    ],
  );
}

/** A subscription's trades newest first, in cursor pages (the cursor is the last item's id). */
export async function listQuantTrades(
  db: Queryable,
  q: { subscriptionId: string; before: string | null; limit: number },
): Promise<QuantTradeRow[]> {
  return db.query<QuantTradeRow>(
    `SELECT q.id::text AS id, q.subscription_id::text AS subscription_id, q.symbol, q.side,
            q.price::text AS price, q.quantity::text AS quantity, q.fee::text AS fee,
            (extract(epoch FROM q.time) * 1000)::int8::text AS time_ms,
            t.seq::text AS tick_seq, t.price::text AS tick_price,
            (extract(epoch FROM t.ts) * 1000)::int8::text AS tick_ms, t.hash AS tick_hash
       FROM quant_trades q JOIN ticks t ON t.symbol = q.symbol AND t.seq = q.tick_seq
      WHERE q.subscription_id = $1 AND ($2::int8 IS NULL OR q.id < $2::int8)
      ORDER BY q.id DESC LIMIT $3`,
    [q.subscriptionId, q.before, q.limit],
  );
}
