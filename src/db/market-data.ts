// Writers of the market tables (tickers, candles, depth) for src/sync/feeds. A feed flush is one
// transaction, with the tickers' freshness inside it, so a screen never sees half a flush.
// Candle series are cut to their newest CANDLE_CAP candles, always from the oldest side.
import type { KlineInterval } from "../../protocol";
import { database, type CandleRow, type DepthRow, type TickerRow } from "./database";
import { SYNC_KEYS } from "./sync-state";

/** Candles kept per symbol and interval (older history loaded on demand may exceed it for a while). */
export const CANDLE_CAP = 1000;

export interface CandleSeries {
  symbol: string;
  interval: KlineInterval;
}

/** What one flush writes. */
export interface MarketBatch {
  tickers: readonly TickerRow[];
  candles: readonly CandleRow[];
  depth: readonly DepthRow[];
  /** Series to cut to their newest CANDLE_CAP candles after the candles were written. */
  prune: readonly CandleSeries[];
  /** When tickers last arrived (ISO-8601), for useFreshness("tickers"); null when none did. */
  tickersAt: string | null;
}

function series({ symbol, interval }: CandleSeries) {
  return database()
    .candles.where("[symbol+interval+openTime]")
    .between([symbol, interval, ""], [symbol, interval, "\uffff"]);
}

async function pruneSeries(target: CandleSeries, keep: number): Promise<void> {
  // Newest first, skip the ones kept: what remains is the oldest side.
  const doomed = await series(target).reverse().offset(keep).primaryKeys();
  if (doomed.length > 0) await database().candles.bulkDelete(doomed);
}

/** Writes one flush of the feeds in one transaction. */
export async function writeMarketBatch(batch: MarketBatch): Promise<void> {
  const db = database();
  await db.transaction("rw", [db.tickers, db.candles, db.depth, db.syncState], async () => {
    if (batch.tickers.length > 0) await db.tickers.bulkPut([...batch.tickers]);
    if (batch.candles.length > 0) await db.candles.bulkPut([...batch.candles]);
    if (batch.depth.length > 0) await db.depth.bulkPut([...batch.depth]);
    for (const target of batch.prune) await pruneSeries(target, CANDLE_CAP);
    if (batch.tickersAt !== null) {
      await db.syncState.put({
        key: SYNC_KEYS.marketFreshness("tickers"),
        value: batch.tickersAt,
        updatedAt: batch.tickersAt,
      });
    }
  });
}

/** Cuts a series to its newest CANDLE_CAP candles (its own transaction). */
export async function pruneCandles(target: CandleSeries): Promise<void> {
  const db = database();
  await db.transaction("rw", db.candles, () => pruneSeries(target, CANDLE_CAP));
}

/** The open time of the oldest stored candle of a series, or null when it has none. */
export async function oldestCandleTime(target: CandleSeries): Promise<string | null> {
  return (await series(target).first())?.openTime ?? null;
}

/**
 * Adds history candles that are not stored yet and answers how many it added. A stored candle is
 * kept: the feed's copy is at least as new as history.
 */
export async function addOlderCandles(rows: readonly CandleRow[]): Promise<number> {
  // One row per key: bulkAdd refuses a batch that repeats one.
  const unique = [
    ...new Map(rows.map((row) => [`${row.symbol}|${row.interval}|${row.openTime}`, row])).values(),
  ];
  if (unique.length === 0) return 0;
  const db = database();
  return db.transaction("rw", db.candles, async () => {
    const keys = unique.map((row): [string, KlineInterval, string] => [
      row.symbol,
      row.interval,
      row.openTime,
    ]);
    const stored = await db.candles.bulkGet(keys);
    const fresh = unique.filter((_, index) => stored[index] === undefined);
    if (fresh.length > 0) await db.candles.bulkAdd(fresh);
    return fresh.length;
  });
}
