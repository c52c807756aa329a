// Quant plan subscriptions (migration 021): the row as subscribed, its running book (cash,
// positions, per-symbol cursors and strategy state) and its end. Numerics cross as text; the
// domain (server/domain/quant/plans) turns them into bigint units.
import type { QuantEndReason, QuantStrategyId } from "../../../protocol/quant";
import type { Queryable } from "../db";

export type QuantSubscriptionStatus = "running" | "delivered" | "stopped";

/** Per symbol: what the runner last acted on and the next candle it steps. */
export interface SymbolCursor {
  /** The last recorded tick of the symbol acted on (null: none yet). */
  seq: string | null;
  /** Its price (USDT units per whole coin, as text) and time (epoch ms). */
  price: string | null;
  tsMs: number | null;
  /** Open time (epoch ms) of the next 1m candle the strategy steps. */
  nextCandleMs: number;
}

/** A held position: base units and what it cost (USDT units, without fees). */
export interface HeldPosition {
  quantity: string;
  cost: string;
}

export interface QuantSubscriptionRow {
  id: string;
  user_id: string;
  plan_id: string;
  strategy: QuantStrategyId;
  params: Record<string, number>;
  leverage: number;
  trading_area: string[];
  max_profit_rate: string;
  max_loss_rate: string;
  duration_minutes: number;
  amount: string;
  reservation_id: string;
  status: QuantSubscriptionStatus;
  started_ms: string;
  delivery_ms: string;
  ended_ms: string | null;
  end_reason: QuantEndReason | null;
  pnl: string | null;
  cash: string;
  positions: Record<string, HeldPosition>;
  fees: string;
  trades: number;
  strategy_state: Record<string, unknown> | null;
  cursors: Record<string, SymbolCursor>;
  last_tick_seq: string | null;
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::int8::text`;

const SELECT = `
  SELECT id::text AS id, user_id::text AS user_id, plan_id, strategy, params, leverage::int AS leverage,
         trading_area, max_profit_rate::text AS max_profit_rate, max_loss_rate::text AS max_loss_rate,
         duration_minutes, amount::text AS amount, reservation_id::text AS reservation_id, status,
         ${ms("started_at")} AS started_ms, ${ms("delivery_at")} AS delivery_ms,
         ${ms("ended_at")} AS ended_ms, end_reason, pnl::text AS pnl, cash::text AS cash,
         positions, fees::text AS fees, trades, strategy_state, cursors,
         last_tick_seq::text AS last_tick_seq
    FROM quant_subscriptions`;

export interface NewQuantSubscription {
  userId: string;
  planId: string;
  strategy: QuantStrategyId;
  params: Record<string, number>;
  leverage: number;
  tradingArea: readonly string[];
  maxProfitRate: string;
  maxLossRate: string;
  durationMinutes: number;
  amount: bigint;
  reservationId: string;
  freezeTransactionId: string;
  startedMs: number;
  cursors: Record<string, SymbolCursor>;
}

export async function nextQuantSubscriptionId(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('quant_subscriptions', 'id'))::text AS id",
  );
  if (!row) throw new Error("no id from the quant_subscriptions sequence");
  return row.id;
}

export async function insertQuantSubscription(
  tx: Queryable,
  id: string,
  s: NewQuantSubscription,
): Promise<void> {
  await tx.query(
    `INSERT INTO quant_subscriptions (id, user_id, plan_id, strategy, params, leverage, trading_area,
       max_profit_rate, max_loss_rate, duration_minutes, amount, reservation_id,
       freeze_transaction_id, status, started_at, delivery_at, cash, cursors)
     OVERRIDING SYSTEM VALUE
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::text[], $8::numeric, $9::numeric, $10, $11::numeric,
       $12, $13, 'running', to_timestamp($14::numeric / 1000),
       to_timestamp($14::numeric / 1000) + make_interval(mins => $10), $11::numeric, $15::jsonb)`,
    [
      id,
      s.userId,
      s.planId,
      s.strategy,
      JSON.stringify(s.params),
      s.leverage,
      [...s.tradingArea],
      s.maxProfitRate,
      s.maxLossRate,
      s.durationMinutes,
      s.amount.toString(),
      s.reservationId,
      s.freezeTransactionId,
      String(s.startedMs),
      JSON.stringify(s.cursors),
    ],
  );
}

export async function findQuantSubscription(
  db: Queryable,
  id: string,
): Promise<QuantSubscriptionRow | null> {
  const [row] = await db.query<QuantSubscriptionRow>(`${SELECT} WHERE id = $1`, [id]);
  return row ?? null;
}

/** The row, locked for this transaction: every change of a subscription starts here. */
export async function lockQuantSubscription(
  tx: Queryable,
  id: string,
): Promise<QuantSubscriptionRow | null> {
  const [row] = await tx.query<QuantSubscriptionRow>(`${SELECT} WHERE id = $1 FOR UPDATE`, [id]);
  return row ?? null;
}

/** Ids of the running subscriptions, oldest first. */
export async function runningQuantSubscriptionIds(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    "SELECT id::text AS id FROM quant_subscriptions WHERE status = 'running' ORDER BY id",
  );
  return rows.map((r) => r.id);
}

/** What the user's running plans hold (the quota's locked part), USDT units. */
export async function lockedAmount(db: Queryable, userId: string): Promise<bigint> {
  const [row] = await db.query<{ n: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS n FROM quant_subscriptions
      WHERE user_id = $1 AND status = 'running'`,
    [userId],
  );
  return BigInt(row?.n ?? "0");
}

export async function listUserQuantSubscriptions(
  db: Queryable,
  q: {
    userId: string;
    status: QuantSubscriptionStatus | null;
    before: string | null;
    limit: number;
  },
): Promise<QuantSubscriptionRow[]> {
  return db.query<QuantSubscriptionRow>(
    `${SELECT} WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)
        AND ($3::int8 IS NULL OR id < $3::int8) ORDER BY id DESC LIMIT $4`,
    [q.userId, q.status, q.before, q.limit],
  );
}

/** The running book after a run over ticks. */
export interface RunningBook {
  cash: bigint;
  positions: Record<string, HeldPosition>;
  fees: bigint;
  trades: number;
  strategyState: Record<string, unknown>;
  cursors: Record<string, SymbolCursor>;
  lastTickSeq: string | null;
}

export async function saveRunningBook(tx: Queryable, id: string, b: RunningBook): Promise<void> {
  await tx.query(
    `UPDATE quant_subscriptions SET cash = $2::numeric, positions = $3::jsonb, fees = $4::numeric,
       trades = $5, strategy_state = $6::jsonb, cursors = $7::jsonb, last_tick_seq = $8::int8
     WHERE id = $1 AND status = 'running'`,
    [
      id,
      b.cash.toString(),
      JSON.stringify(b.positions),
      b.fees.toString(),
      b.trades,
      JSON.stringify(b.strategyState),
      JSON.stringify(b.cursors),
      b.lastTickSeq,
    ],
  );
}

export async function markQuantSubscriptionEnded(
  tx: Queryable,
  id: string,
  end: { reason: QuantEndReason; atMs: number; pnl: bigint; transactionId: string },
): Promise<void> {
  const rows = await tx.query(
    `UPDATE quant_subscriptions
        SET status = CASE WHEN $2 = 'delivery' THEN 'delivered' ELSE 'stopped' END,
            end_reason = $2, ended_at = to_timestamp($3::numeric / 1000), pnl = $4::numeric,
            end_transaction_id = $5
      WHERE id = $1 AND status = 'running' RETURNING id`,
    [id, end.reason, String(end.atMs), end.pnl.toString(), end.transactionId],
  );
  if (rows.length !== 1) throw new Error(`quant subscription ${id} was not running at its end`);
}
