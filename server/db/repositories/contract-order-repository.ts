// Contract orders (migration 016): the row as placed, its opening and its end, read with the
// recorded tick that closed it in one statement for the view (domain/contract/contract-order-view.ts).
// Units: prices USDT units per whole base coin, quantities base units, money USDT units (text).
import type { Queryable } from "../db";

export interface ContractTickColumns {
  seq: string;
  /** As served and hashed (ticks.price::text). */
  price: string;
  ts: Date;
  hash: string;
}

/** The row's columns as text (numerics) and dates; what every reader of an order needs. */
export interface ContractOrderRow {
  id: string;
  user_id: string;
  symbol: string;
  direction: "long" | "short";
  leverage: number;
  type: 0 | 1;
  state: 0 | 1 | 2;
  quantity: string;
  price: string;
  margin: string;
  open_fee: string;
  liquidation_price: string;
  fee_rate: string;
  maintenance_margin_rate: string;
  take_profit: string | null;
  stop_loss: string | null;
  /** The newest tick when the targets were last set on the position; null: set at placing. */
  targets_tick_seq: string | null;
  time: Date;
  margin_reservation_id: string;
  fee_reservation_id: string | null;
  opened_at: Date | null;
  open_tick_seq: string | null;
  close_reason: "user" | "take-profit" | "stop-loss" | "liquidation" | "cancelled" | null;
  close_price: string | null;
  close_fee: string | null;
  pnl: string | null;
  closed_at: Date | null;
  close_tick_seq: string | null;
}

export interface ContractOrderViewRow extends ContractOrderRow {
  close_tick: ContractTickColumns | null;
}

const COLUMNS = `
  o.id::text AS id, o.user_id::text AS user_id, o.symbol, o.direction, o.leverage,
  o.type::int AS type, o.state::int AS state, o.quantity::text AS quantity, o.price::text AS price,
  o.margin::text AS margin, o.open_fee::text AS open_fee,
  o.liquidation_price::text AS liquidation_price, o.fee_rate::text AS fee_rate,
  o.maintenance_margin_rate::text AS maintenance_margin_rate,
  o.take_profit::text AS take_profit, o.stop_loss::text AS stop_loss,
  o.targets_tick_seq::text AS targets_tick_seq, o.time,
  o.margin_reservation_id::text AS margin_reservation_id,
  o.fee_reservation_id::text AS fee_reservation_id, o.opened_at,
  o.open_tick_seq::text AS open_tick_seq, o.close_reason, o.close_price::text AS close_price,
  o.close_fee::text AS close_fee, o.pnl::text AS pnl, o.closed_at,
  o.close_tick_seq::text AS close_tick_seq`;

export const CONTRACT_VIEW_SELECT = `
  SELECT ${COLUMNS},
         CASE WHEN ct.seq IS NULL THEN NULL ELSE json_build_object(
           'seq', ct.seq::text, 'price', ct.price::text,
           'tsMs', ((extract(epoch FROM ct.ts) * 1000)::int8)::text,
           'hash', ct.hash) END AS close_tick
    FROM contract_orders o
    LEFT JOIN ticks ct ON ct.symbol = o.symbol AND ct.seq = o.close_tick_seq
                      AND o.close_reason IN ('take-profit', 'stop-loss', 'liquidation')`;

interface TickJson {
  seq: string;
  price: string;
  /** Epoch milliseconds (exact on both databases). */
  tsMs: string;
  hash: string;
}

type RawViewRow = Omit<ContractOrderViewRow, "close_tick"> & {
  close_tick: TickJson | string | null;
};

/** json_build_object arrives parsed on PostgreSQL and PGlite alike; a string is parsed here. */
function viewRow(raw: RawViewRow): ContractOrderViewRow {
  const value = raw.close_tick;
  if (value === null) return { ...raw, close_tick: null };
  const t = typeof value === "string" ? (JSON.parse(value) as TickJson) : value;
  return {
    ...raw,
    close_tick: { seq: t.seq, price: t.price, ts: new Date(Number(t.tsMs)), hash: t.hash },
  };
}

export async function findContractOrder(
  db: Queryable,
  id: string,
): Promise<ContractOrderViewRow | null> {
  const [row] = await db.query<RawViewRow>(`${CONTRACT_VIEW_SELECT} WHERE o.id = $1`, [id]);
  return row === undefined ? null : viewRow(row);
}

/** The row locked for a state change (FOR UPDATE): a close racing a liquidation waits here. */
export async function lockContractOrder(
  tx: Queryable,
  id: string,
): Promise<ContractOrderRow | null> {
  const [row] = await tx.query<ContractOrderRow>(
    `SELECT ${COLUMNS} FROM contract_orders o WHERE o.id = $1 FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

/** The user's orders newest first, of one state or all. */
export async function listUserContractOrders(
  db: Queryable,
  q: { userId: string; state: 0 | 1 | 2 | null; before: string | null; limit: number },
): Promise<ContractOrderViewRow[]> {
  const rows = await db.query<RawViewRow>(
    `${CONTRACT_VIEW_SELECT}
      WHERE o.user_id = $1 AND ($2::smallint IS NULL OR o.state = $2::smallint)
        AND ($3::bigint IS NULL OR o.id < $3::bigint)
      ORDER BY o.id DESC LIMIT $4`,
    [q.userId, q.state, q.before, q.limit],
  );
  return rows.map(viewRow);
}

/** Every waiting order and open position (state < 2), or those of one id: what workers load. */
export async function liveContractOrders(db: Queryable, id?: string): Promise<ContractOrderRow[]> {
  return db.query<ContractOrderRow>(
    `SELECT ${COLUMNS} FROM contract_orders o
      WHERE o.state < 2 AND ($1::bigint IS NULL OR o.id = $1::bigint) ORDER BY o.id`,
    [id ?? null],
  );
}

export async function nextContractOrderId(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('contract_orders', 'id'))::text AS id",
  );
  if (!row) throw new Error("nextval returned no row");
  return row.id;
}

export interface NewContractOrder {
  id: string;
  userId: string;
  symbol: string;
  direction: "long" | "short";
  leverage: number;
  type: 0 | 1;
  quantity: bigint;
  price: bigint;
  margin: bigint;
  openFee: bigint;
  liquidationPrice: bigint;
  feeRate: string;
  maintenanceMarginRate: string;
  takeProfit: bigint | null;
  stopLoss: bigint | null;
  timeMs: number;
  marginReservationId: string;
  feeReservationId: string | null;
  /** A market order opens as it is placed; a waiting limit order has none of these. */
  opened: { transactionId: string; tickSeq: string } | null;
}

export async function insertContractOrder(tx: Queryable, o: NewContractOrder): Promise<void> {
  const time = new Date(o.timeMs);
  await tx.query(
    `INSERT INTO contract_orders
       (id, user_id, symbol, direction, leverage, type, state, quantity, price, margin, open_fee,
        liquidation_price, fee_rate, maintenance_margin_rate, take_profit, stop_loss, time,
        margin_reservation_id, fee_reservation_id, opened_at, open_transaction_id, open_tick_seq)
     OVERRIDING SYSTEM VALUE
     VALUES ($1, $2, $3, $4, $5::int, $6::smallint, $7::smallint, $8, $9, $10, $11, $12, $13,
             $14, $15, $16, $17::timestamptz, $18, $19, $20::timestamptz, $21, $22)`,
    [
      o.id,
      o.userId,
      o.symbol,
      o.direction,
      o.leverage,
      o.type,
      o.opened === null ? 0 : 1,
      o.quantity.toString(),
      o.price.toString(),
      o.margin.toString(),
      o.openFee.toString(),
      o.liquidationPrice.toString(),
      o.feeRate,
      o.maintenanceMarginRate,
      o.takeProfit?.toString() ?? null,
      o.stopLoss?.toString() ?? null,
      time,
      o.marginReservationId,
      o.feeReservationId,
      o.opened === null ? null : time,
      o.opened?.transactionId ?? null,
      o.opened?.tickSeq ?? null,
    ],
  );
}

/** A waiting limit order fills: state 1, with its posting and the tick it filled on. */
export async function markContractOpened(
  tx: Queryable,
  id: string,
  /** transactionId is null when the order had no fee to deduct (its margin is frozen already). */
  o: { atMs: number; transactionId: string | null; tickSeq: string },
): Promise<void> {
  await tx.query(
    `UPDATE contract_orders
        SET state = 1, opened_at = $2::timestamptz, open_transaction_id = $3, open_tick_seq = $4
      WHERE id = $1 AND state = 0`,
    [id, new Date(o.atMs), o.transactionId, o.tickSeq],
  );
}

export interface ContractEnd {
  reason: "user" | "take-profit" | "stop-loss" | "liquidation" | "cancelled";
  atMs: number;
  transactionId: string;
  /** Null for a cancel. */
  closePrice: bigint | null;
  closeFee: bigint | null;
  pnl: bigint | null;
  tickSeq: string | null;
}

/** The end of an order (state 2): a cancel, a close or a trigger. */
export async function markContractEnded(tx: Queryable, id: string, e: ContractEnd): Promise<void> {
  await tx.query(
    `UPDATE contract_orders
        SET state = 2, close_reason = $2, closed_at = $3::timestamptz, close_transaction_id = $4,
            close_price = $5, close_fee = $6, pnl = $7, close_tick_seq = $8
      WHERE id = $1 AND state < 2`,
    [
      id,
      e.reason,
      new Date(e.atMs),
      e.transactionId,
      e.closePrice?.toString() ?? null,
      e.closeFee?.toString() ?? null,
      e.pnl?.toString() ?? null,
      e.tickSeq,
    ],
  );
}

/**
 * Take-profit and stop-loss of a waiting order or a position (null removes one). `tickSeq`: the
 * newest tick of the symbol for a position (they apply to the ticks after it), null for a
 * waiting order (they apply after its opening tick).
 */
export async function setContractTargets(
  tx: Queryable,
  id: string,
  t: { takeProfit: bigint | null; stopLoss: bigint | null; tickSeq: bigint | null },
): Promise<void> {
  await tx.query(
    `UPDATE contract_orders SET take_profit = $2, stop_loss = $3, targets_tick_seq = $4
      WHERE id = $1 AND state < 2`,
    [
      id,
      t.takeProfit?.toString() ?? null,
      t.stopLoss?.toString() ?? null,
      t.tickSeq?.toString() ?? null,
    ],
  );
}

/** NOTIFY payload channel: every committed placement, fill, end and target change. */
export const CONTRACT_CHANNEL = "quanta_contract";

/** A hint after commit (db.ts `notify`): the workers read the order again. */
export async function notifyContractOrder(tx: Queryable, id: string): Promise<void> {
  await tx.notify(CONTRACT_CHANNEL, [id]);
}
