// What the public market routes answer, read from the record (ticks and candles), so REST shows
// exactly what was stored. Depth is the one live-only view (the feed's newest book).
import {
  formatTickTime,
  INTERVAL_MS,
  type KlineInterval,
  type KlineRow,
  type MarketTick,
  type Ticker,
  type TicksHead,
} from "../../protocol/market";
import type { Queryable } from "../db/db";
import { readCandles, readStatsSince, type Stats24h } from "../db/repositories/candle-repository";
import {
  readLastTicks,
  readTicks,
  type TickRange,
  type TickRow,
} from "../db/repositories/tick-repository";
import { bucketStart } from "./candles";
import { formatFixed, parseUnits } from "../../protocol/decimal";
import { SYMBOLS, type SymbolSpec } from "./symbols";

const DAY_MS = 86_400_000;

/**
 * One ticker per symbol that has a recorded tick; 24h figures from the 1m candles of the 24 hours
 * up to the newest tick (the record's own clock, so a replayed market reads the same).
 */
export async function readTickers(db: Queryable): Promise<Ticker[]> {
  const last = await readLastTicks(
    db,
    SYMBOLS.map((s) => s.symbol),
  );
  if (last.length === 0) return [];
  const stats = await readStatsSince(db, statsSince(last));
  return assembleTickers(last, stats);
}

/** Where the 24 h window starts: the minute after the one 24 h before the newest tick. */
export function statsSince(last: readonly Pick<TickRow, "tsMs">[]): number {
  const newest = Math.max(...last.map((t) => t.tsMs));
  return bucketStart(newest - DAY_MS, 60_000) + 60_000;
}

/** Tickers from each symbol's last tick and its 24 h candle statistics (readStatsSince's rule). */
export function assembleTickers(last: readonly TickRow[], stats: readonly Stats24h[]): Ticker[] {
  const statsOf = new Map(stats.map((s) => [s.symbol, s]));
  const lastOf = new Map(last.map((t) => [t.symbol, t]));
  return SYMBOLS.flatMap((spec): Ticker[] => {
    const tick = lastOf.get(spec.symbol);
    if (!tick) return [];
    const s = statsOf.get(spec.symbol);
    const open = s?.open ?? tick.price;
    return [
      {
        symbol: spec.symbol,
        last: tick.price,
        open24h: open,
        high24h: s ? max(spec, s.high, tick.price) : tick.price,
        low24h: s ? min(spec, s.low, tick.price) : tick.price,
        change24h: changePercent(spec, open, tick.price),
        volume24h: s?.volume ?? "0",
        ts: formatTickTime(tick.tsMs),
        seq: tick.seq,
      },
    ];
  });
}

/** Percent change with two decimals, truncated toward zero ("-1.25"). */
export function changePercent(spec: SymbolSpec, open: string, last: string): string {
  const o = parseUnits(open, spec.priceScale);
  const l = parseUnits(last, spec.priceScale);
  if (o === 0n) return "0.00";
  return formatFixed(((l - o) * 10_000n) / o, 2);
}

const max = (spec: SymbolSpec, a: string, b: string) =>
  parseUnits(a, spec.priceScale) >= parseUnits(b, spec.priceScale) ? a : b;
const min = (spec: SymbolSpec, a: string, b: string) =>
  parseUnits(a, spec.priceScale) <= parseUnits(b, spec.priceScale) ? a : b;

/** The open times [from, to) of the `limit` candles up to the one containing `endMs`. */
export function klineRange(interval: KlineInterval, limit: number, endMs: number) {
  const ms = INTERVAL_MS[interval];
  const last = bucketStart(endMs, ms);
  return { fromMs: last - (limit - 1) * ms, toMs: last + ms };
}

/** The `limit` candles up to the one containing `endMs`, oldest first. */
export async function readKlines(
  db: Queryable,
  symbol: string,
  interval: KlineInterval,
  limit: number,
  endMs: number,
): Promise<KlineRow[]> {
  const { fromMs, toMs } = klineRange(interval, limit, endMs);
  const rows = await readCandles(db, symbol, INTERVAL_MS[interval], fromMs, toMs);
  return rows.map((c) => [formatTickTime(c.openTime), c.o, c.h, c.l, c.c, c.v]);
}

export async function readTickRecord(db: Queryable, range: TickRange): Promise<MarketTick[]> {
  const rows = await readTicks(db, range);
  return rows.map((t) => ({
    symbol: t.symbol,
    seq: t.seq,
    price: t.price,
    ts: formatTickTime(t.tsMs),
    hash: t.hash,
  }));
}

export async function readTicksHead(db: Queryable, symbol: string): Promise<TicksHead | null> {
  const [head] = await readLastTicks(db, [symbol]);
  if (!head) return null;
  return { symbol, seq: head.seq, hash: head.hash, ts: formatTickTime(head.tsMs) };
}
