// Rise/fall option orders (migration 015): the row as bought, and its settlement with the two
// recorded ticks it used, read in one statement for the view (domain/options/options-order-view.ts).
import type { Queryable } from "../db";

export interface OptionsTickColumns {
  seq: string;
  /** As served and hashed (ticks.price::text). */
  price: string;
  ts: Date;
  hash: string;
}

export interface OptionsOrderViewRow {
  id: string;
  user_id: string;
  symbol: string;
  direction: "up" | "down";
  seconds: number;
  /** USDT units. */
  stake: string;
  fee: string;
  payout_rate: string;
  time: Date;
  expires_at: Date;
  result: "win" | "lose" | "tie" | "void" | null;
  /** USDT units, signed; null while open. */
  profit: string | null;
  settled_at: Date | null;
  entry: OptionsTickColumns | null;
  exit: OptionsTickColumns | null;
}

const TICK_JSON = (alias: string) =>
  `CASE WHEN ${alias}.seq IS NULL THEN NULL ELSE json_build_object(
     'seq', ${alias}.seq::text, 'price', ${alias}.price::text,
     'tsMs', ((extract(epoch FROM ${alias}.ts) * 1000)::int8)::text,
     'hash', ${alias}.hash) END`;

export const OPTIONS_VIEW_SELECT = `
  SELECT o.id::text AS id, o.user_id::text AS user_id, o.symbol, o.direction, o.seconds,
         o.stake::text AS stake, o.fee::text AS fee, o.payout_rate::text AS payout_rate,
         o.time, o.expires_at, o.result, o.profit::text AS profit, o.settled_at,
         ${TICK_JSON("en")} AS entry, ${TICK_JSON("ex")} AS exit
    FROM options_orders o
    LEFT JOIN ticks en ON en.symbol = o.symbol AND en.seq = o.entry_seq
    LEFT JOIN ticks ex ON ex.symbol = o.symbol AND ex.seq = o.exit_seq`;

interface TickJson {
  seq: string;
  price: string;
  /** Epoch milliseconds, as the tick repository reads ts (exact on both databases). */
  tsMs: string;
  hash: string;
}

type RawViewRow = Omit<OptionsOrderViewRow, "entry" | "exit"> & {
  entry: TickJson | string | null;
  exit: TickJson | string | null;
};

/** json_build_object arrives parsed on PostgreSQL and PGlite alike; a string is parsed here. */
export function viewRow(raw: RawViewRow): OptionsOrderViewRow {
  return { ...raw, entry: tickColumns(raw.entry), exit: tickColumns(raw.exit) };
}

function tickColumns(value: TickJson | string | null): OptionsTickColumns | null {
  if (value === null) return null;
  const tick = typeof value === "string" ? (JSON.parse(value) as TickJson) : value;
  return { seq: tick.seq, price: tick.price, ts: new Date(Number(tick.tsMs)), hash: tick.hash };
}

export async function findOptionsOrder(
  db: Queryable,
  id: string,
): Promise<OptionsOrderViewRow | null> {
  const [row] = await db.query<RawViewRow>(`${OPTIONS_VIEW_SELECT} WHERE o.id = $1`, [id]);
  return row === undefined ? null : viewRow(row);
}

/** The user's orders newest first; "open" is the unsettled one, "done" every settled one. */
export async function listUserOptionsOrders(
  db: Queryable,
  q: { userId: string; status: "open" | "done" | null; before: string | null; limit: number },
): Promise<OptionsOrderViewRow[]> {
  const status =
    q.status === "open"
      ? "AND o.result IS NULL"
      : q.status === "done"
        ? "AND o.result IS NOT NULL"
        : "";
  const rows = await db.query<RawViewRow>(
    `${OPTIONS_VIEW_SELECT}
      WHERE o.user_id = $1 ${status} AND ($2::bigint IS NULL OR o.id < $2::bigint)
      ORDER BY o.id DESC LIMIT $3`,
    [q.userId, q.before, q.limit],
  );
  return rows.map(viewRow);
}

export async function nextOptionsOrderId(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('options_orders', 'id'))::text AS id",
  );
  if (!row) throw new Error("nextval returned no row");
  return row.id;
}

/** Whether the user has an unsettled option (what options_orders_one_open allows one of). */
export async function hasOpenOptionsOrder(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(
    "SELECT 1 FROM options_orders WHERE user_id = $1 AND result IS NULL LIMIT 1",
    [userId],
  );
  return rows.length > 0;
}

export interface NewOptionsOrder {
  id: string;
  userId: string;
  symbol: string;
  direction: "up" | "down";
  seconds: number;
  /** USDT units. */
  stake: bigint;
  fee: bigint;
  payoutRate: string;
  /** Acceptance time, epoch milliseconds; expires_at is this + seconds. */
  timeMs: number;
  purchaseTransactionId: string;
}

/**
 * Inserts the open order unless the user already has one: the partial unique index
 * options_orders_one_open decides (a concurrent insert waits for the other's commit), and false
 * means it refused, with nothing written and the transaction still usable.
 */
export async function insertOptionsOrder(tx: Queryable, o: NewOptionsOrder): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO options_orders
       (id, user_id, symbol, direction, seconds, stake, fee, payout_rate, time, expires_at,
        purchase_transaction_id)
     OVERRIDING SYSTEM VALUE
     VALUES ($1, $2, $3, $4, $5::int, $6, $7, $8, $9::timestamptz,
             $9::timestamptz + make_interval(secs => $5::int), $10)
     ON CONFLICT (user_id) WHERE result IS NULL DO NOTHING
     RETURNING id`,
    [
      o.id,
      o.userId,
      o.symbol,
      o.direction,
      o.seconds,
      o.stake.toString(),
      o.fee.toString(),
      o.payoutRate,
      new Date(o.timeMs),
      o.purchaseTransactionId,
    ],
  );
  return rows.length === 1;
}
