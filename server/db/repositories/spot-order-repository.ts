// Spot orders and their fills (migration 009). Amounts are ledger units as numeric text; the money
// itself moves in the ledger (the reservation, the fill's transaction). Every status change runs
// with the order row locked (lockSpotOrder) and notifies SPOT_CHANNEL, so the matchers of every
// process learn of new and finished limit orders when the change commits.
import type { Queryable } from "../db";

/** Carries an order id after each committed change of a limit order (db.listen). */
export const SPOT_CHANNEL = "quanta_spot";

export type SpotStatus = "open" | "filled" | "cancelled" | "rejected";

export interface SpotOrderRow {
  id: string;
  user_id: string;
  symbol: string;
  base: string;
  side: 0 | 1;
  type: 0 | 1;
  /** USDT units per whole base coin; null for a market order. */
  price: string | null;
  number: string;
  status: SpotStatus;
  reason: string | null;
  /** The refusal code and params of `reason` (protocol/refusals.ts); null with it. */
  reason_code: string | null;
  reason_params: Record<string, string | number | boolean | null> | null;
  reservation_id: string | null;
  created_at: Date;
  filled_at: Date | null;
  cancelled_at: Date | null;
}

/** An order with its fill (at most one: orders fill completely), as the API shows it. */
export interface SpotOrderViewRow extends SpotOrderRow {
  fill_price: string | null;
  fill_number: string | null;
  fill_fee: string | null;
  fill_depth_seq: string | null;
  fill_tick_seq: string | null;
  fill_liquidity: "taker" | "maker" | null;
  fill_created_at: Date | null;
}

const ORDER_COLUMNS = [
  "id",
  "user_id",
  "symbol",
  "base",
  "side",
  "type",
  "price::text AS price",
  "number::text AS number",
  "status",
  "reason",
  "reason_code",
  "reason_params",
  "reservation_id",
  "created_at",
  "filled_at",
  "cancelled_at",
];
const COLUMNS = ORDER_COLUMNS.join(", ");
const VIEW_SELECT = `SELECT ${ORDER_COLUMNS.map((c) => `o.${c}`).join(", ")},
    f.price::text AS fill_price, f.number::text AS fill_number, f.fee::text AS fill_fee,
    f.depth_seq::text AS fill_depth_seq, f.tick_seq::text AS fill_tick_seq,
    f.liquidity AS fill_liquidity, f.created_at AS fill_created_at
  FROM spot_orders o LEFT JOIN spot_fills f ON f.order_id = o.id`;

/** The id before the row exists: the freeze's bill refers to the order, and comes first. */
export async function nextSpotOrderId(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('spot_orders', 'id'))::text AS id",
  );
  if (!row) throw new Error("nextval returned no row");
  return row.id;
}

export interface NewSpotOrder {
  id: string;
  userId: string;
  symbol: string;
  base: string;
  side: 0 | 1;
  type: 0 | 1;
  price: bigint | null;
  number: bigint;
  status: "open" | "filled" | "rejected";
  /** Why it was rejected, as data and as the English sentence; null unless rejected. */
  reason: { code: string; params: object; message: string } | null;
  reservationId: string | null;
}

export async function insertSpotOrder(tx: Queryable, o: NewSpotOrder): Promise<void> {
  await tx.query(
    `INSERT INTO spot_orders
       (id, user_id, symbol, base, side, type, price, number, status, reason, reservation_id,
        filled_at, reason_code, reason_params)
     OVERRIDING SYSTEM VALUE
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
             CASE WHEN $9 = 'filled' THEN now() END, $12, $13::jsonb)`,
    [
      o.id,
      o.userId,
      o.symbol,
      o.base,
      o.side,
      o.type,
      o.price?.toString() ?? null,
      o.number.toString(),
      o.status,
      o.reason?.message ?? null,
      o.reservationId,
      o.reason?.code ?? null,
      o.reason === null ? null : JSON.stringify(o.reason.params),
    ],
  );
}

export interface NewSpotFill {
  orderId: string;
  symbol: string;
  price: bigint;
  number: bigint;
  notional: bigint;
  fee: bigint;
  /** taker: it took the book's prices at once; maker: it rested and filled at its own price. */
  liquidity: "taker" | "maker";
  depthSeq: string;
  tickSeq: string;
  bookAtMs: number;
  levels: readonly (readonly [string, string])[];
  transactionId: string;
}

/** The fill, and its tick kept for ever (pruning skips kept ticks), in one statement. */
export async function insertSpotFill(tx: Queryable, f: NewSpotFill): Promise<void> {
  await tx.query(
    `WITH fill AS (
       INSERT INTO spot_fills (order_id, symbol, price, number, notional, fee, depth_seq,
                               tick_seq, book_at, levels, transaction_id, liquidity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9::numeric / 1000), $10::jsonb, $11,
               $12)
     )
     UPDATE ticks SET kept = true WHERE symbol = $2 AND seq = $8::bigint AND NOT kept`,
    [
      f.orderId,
      f.symbol,
      f.price.toString(),
      f.number.toString(),
      f.notional.toString(),
      f.fee.toString(),
      f.depthSeq,
      f.tickSeq,
      String(f.bookAtMs),
      JSON.stringify(f.levels),
      f.transactionId,
      f.liquidity,
    ],
  );
}

/**
 * Locks the order until commit: fills and cancels take this lock first, then the ledger's. With
 * `userId`, another user's order is neither locked nor found.
 */
export async function lockSpotOrder(
  tx: Queryable,
  id: string,
  userId: string | null = null,
): Promise<SpotOrderRow | null> {
  const [row] = await tx.query<SpotOrderRow>(
    `SELECT ${COLUMNS} FROM spot_orders
      WHERE id = $1 AND ($2::bigint IS NULL OR user_id = $2::bigint) FOR UPDATE`,
    [id, userId],
  );
  return row ?? null;
}

/** open → filled or cancelled. Call with the row locked and its status checked. */
export async function finishSpotOrder(
  tx: Queryable,
  id: string,
  status: "filled" | "cancelled",
): Promise<void> {
  const column = status === "filled" ? "filled_at" : "cancelled_at";
  await tx.query(
    `UPDATE spot_orders SET status = $2, ${column} = now() WHERE id = $1 AND status = 'open'`,
    [id, status],
  );
}

/** Sent after the transaction commits, never if it rolls back (db.ts `notify`). */
export async function notifySpotOrder(tx: Queryable, id: string): Promise<void> {
  await tx.notify(SPOT_CHANNEL, [id]);
}

export async function findSpotOrder(db: Queryable, id: string): Promise<SpotOrderViewRow | null> {
  const [row] = await db.query<SpotOrderViewRow>(`${VIEW_SELECT} WHERE o.id = $1`, [id]);
  return row ?? null;
}

/** The user's orders newest first; "done" is every finished one; `before` an exclusive id. */
export async function listUserSpotOrders(
  db: Queryable,
  q: { userId: string; status: "open" | "done" | null; before: string | null; limit: number },
): Promise<SpotOrderViewRow[]> {
  const status =
    q.status === "open"
      ? "AND o.status = 'open'"
      : q.status === "done"
        ? "AND o.status <> 'open'"
        : "";
  return db.query<SpotOrderViewRow>(
    `${VIEW_SELECT}
      WHERE o.user_id = $1 ${status} AND ($2::bigint IS NULL OR o.id < $2::bigint)
      ORDER BY o.id DESC LIMIT $3`,
    [q.userId, q.before, q.limit],
  );
}

export interface OpenSpotOrder {
  id: string;
  symbol: string;
  side: 0 | 1;
  price: string;
}

/** Every resting limit order (the matcher's start), or the one with `id` if it is open. */
export async function openSpotOrders(db: Queryable, id?: string): Promise<OpenSpotOrder[]> {
  return db.query<OpenSpotOrder>(
    `SELECT id, symbol, side, price::text AS price FROM spot_orders
      WHERE status = 'open' AND ($1::bigint IS NULL OR id = $1::bigint) ORDER BY id`,
    [id ?? null],
  );
}
