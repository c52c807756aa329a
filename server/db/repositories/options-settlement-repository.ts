// What settling rise/fall options reads and writes (migration 015; domain/options/README.md
// "Settlement"): the open orders whose exit is known, locked so each settles once; the recorded
// ticks over their windows, as GET /market/ticks serves them; the settlement columns of many
// orders in one statement; and their change-log puts in one statement.
import { formatTickTime } from "../../../protocol/market";
import type { OptionTick } from "../../../protocol/options";
import type { SyncEntityData } from "../../../protocol/sync";
import type { Queryable } from "../db";
import { appendChangesSql, CHANGE_CHANNEL } from "./change-log-repository";
import { OPTIONS_VIEW_SELECT, viewRow, type OptionsOrderViewRow } from "./options-order-repository";

export interface DueOptionsQuery {
  /**
   * Only orders that expired before this instant (epoch ms; null: no bound) — after a flush, the
   * newest tick it recorded, so the index bounds the scan to orders that may be due.
   */
  expiredBeforeMs: number | null;
  /**
   * Orders that expired at or before this instant (epoch ms) are due whatever was recorded after
   * them: the feed is down or silent (null: none are due this way).
   */
  overdueAtMs: number | null;
  limit: number;
  /** Orders to leave out (a pass skips the ones that failed in it). */
  skip?: readonly string[];
}

export interface DueOptionsOrder {
  id: string;
  user_id: string;
}

/**
 * Open orders whose exit is known: a tick of the symbol with ts > expires_at is recorded, or the
 * order is overdue (`overdueAtMs`). Oldest expiry first. Locks nothing: the batch locks them.
 */
export async function dueOptionsOrders(
  db: Queryable,
  q: DueOptionsQuery,
): Promise<DueOptionsOrder[]> {
  return db.query<DueOptionsOrder>(
    `SELECT o.id::text AS id, o.user_id::text AS user_id
       FROM options_orders o
      WHERE o.result IS NULL
        AND ($1::int8 IS NULL OR o.expires_at < to_timestamp($1::numeric / 1000))
        AND (($2::int8 IS NOT NULL AND o.expires_at <= to_timestamp($2::numeric / 1000))
             OR EXISTS (SELECT 1 FROM ticks t WHERE t.symbol = o.symbol AND t.ts > o.expires_at))
        AND NOT (o.id = ANY($4::bigint[]))
      ORDER BY o.expires_at, o.id
      LIMIT $3`,
    [q.expiredBeforeMs, q.overdueAtMs, q.limit, (q.skip ?? []) as string[]],
  );
}

/** An open order's terms, locked until commit. Times are epoch ms. */
export interface LockedOptionsOrder {
  id: string;
  user_id: string;
  symbol: string;
  direction: "up" | "down";
  /** USDT units. */
  stake: string;
  fee: string;
  payout_rate: string;
  time_ms: number;
  expires_ms: number;
}

/**
 * Locks those of `ids` that are still open (FOR UPDATE; rows another settler holds are skipped,
 * and a row settled meanwhile no longer matches once its lock is released), in id order.
 */
export async function lockOpenOptionsOrders(
  tx: Queryable,
  ids: readonly string[],
): Promise<LockedOptionsOrder[]> {
  const rows = await tx.query<
    Omit<LockedOptionsOrder, "time_ms" | "expires_ms"> & {
      time_ms: string;
      expires_ms: string;
    }
  >(
    `SELECT id::text AS id, user_id::text AS user_id, symbol, direction, stake::text AS stake,
            fee::text AS fee, payout_rate::text AS payout_rate,
            (extract(epoch FROM time) * 1000)::int8 AS time_ms,
            (extract(epoch FROM expires_at) * 1000)::int8 AS expires_ms
       FROM options_orders
      WHERE id = ANY($1::bigint[]) AND result IS NULL
      ORDER BY id
      FOR UPDATE SKIP LOCKED`,
    [ids as string[]],
  );
  return rows.map((r) => ({ ...r, time_ms: Number(r.time_ms), expires_ms: Number(r.expires_ms) }));
}

/**
 * Every recorded tick of `symbol` with ts in (afterMs, upToMs], oldest first, exactly as
 * GET /market/ticks serves it (price::text, ts with milliseconds): one range read for a batch.
 */
export async function readTicksInWindow(
  db: Queryable,
  symbol: string,
  afterMs: number,
  upToMs: number,
): Promise<OptionTick[]> {
  const rows = await db.query<{ seq: string; price: string; ts_ms: string; hash: string }>(
    `SELECT seq::text AS seq, price::text AS price,
            (extract(epoch FROM ts) * 1000)::int8 AS ts_ms, hash
       FROM ticks
      WHERE symbol = $1 AND ts > to_timestamp($2::numeric / 1000)
        AND ts <= to_timestamp($3::numeric / 1000)
      ORDER BY seq`,
    [symbol, afterMs, upToMs],
  );
  return rows.map((r) => ({
    seq: r.seq,
    price: r.price,
    ts: formatTickTime(Number(r.ts_ms)),
    hash: r.hash,
  }));
}

export interface SettlementWrite {
  id: string;
  result: "win" | "lose" | "tie" | "void";
  entrySeq: string | null;
  exitSeq: string | null;
  /** USDT units, signed. */
  profit: string;
  /** Null for a lost order: its stake stays in the pool, nothing is posted. */
  transactionId: string | null;
}

/** Writes the settlement columns of many open orders; answers how many rows it changed. */
export async function writeOptionsSettlements(
  tx: Queryable,
  settledAtMs: number,
  rows: readonly SettlementWrite[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const changed = await tx.query<{ id: string }>(
    `UPDATE options_orders o
        SET result = s.result, entry_seq = s.entry_seq, exit_seq = s.exit_seq,
            profit = s.profit, settled_at = to_timestamp($7::numeric / 1000),
            settlement_transaction_id = s.transaction_id
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::numeric[],
                   $6::bigint[]) AS s (id, result, entry_seq, exit_seq, profit, transaction_id)
      WHERE o.id = s.id AND o.result IS NULL
      RETURNING o.id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.result),
      rows.map((r) => r.entrySeq),
      rows.map((r) => r.exitSeq),
      rows.map((r) => r.profit),
      rows.map((r) => r.transactionId),
      settledAtMs,
    ],
  );
  return changed.length;
}

/** The orders as the view reads them (entry and exit ticks joined), in one statement. */
export async function findOptionsOrders(
  db: Queryable,
  ids: readonly string[],
): Promise<OptionsOrderViewRow[]> {
  const rows = await db.query<Parameters<typeof viewRow>[0]>(
    `${OPTIONS_VIEW_SELECT} WHERE o.id = ANY($1::bigint[]) ORDER BY o.id`,
    [ids as string[]],
  );
  return rows.map(viewRow);
}

/**
 * Appends an "options-order" put per order to its user's change log, in one statement. Each
 * user's head row must exist and be locked by the caller (the batch locks them first).
 */
export async function appendOptionsOrderPuts(
  tx: Queryable,
  puts: readonly { userId: string; order: SyncEntityData["options-order"] }[],
): Promise<void> {
  if (puts.length === 0) return;
  const [row] = await tx.query<{ appended: string[] | null }>(
    `WITH order_changes AS (
       SELECT p.user_id, row_number() OVER (PARTITION BY p.user_id ORDER BY p.i) AS ord,
              'options-order' AS entity, p.entity_id, p.data
         FROM unnest($1::bigint[], $2::text[], $3::jsonb[]) WITH ORDINALITY
           AS p (user_id, entity_id, data, i)
     ),
     ${appendChangesSql("order_changes")}
     SELECT json_agg(user_id || ':' || seq ORDER BY user_id, seq) AS appended
       FROM changes_appended`,
    [
      puts.map((p) => p.userId),
      puts.map((p) => p.order.id),
      puts.map((p) => JSON.stringify(p.order)),
    ],
  );
  const appended = row?.appended ?? [];
  if (appended.length !== puts.length) {
    throw new Error(`${appended.length} change-log entries for ${puts.length} settled options`);
  }
  await tx.notify(CHANGE_CHANNEL, appended);
}
