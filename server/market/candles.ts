// Candles as pure functions: folding trades into 1m candles, and 1m candles into any longer
// interval. Prices and volumes stay decimal strings; comparisons and sums use bigint units at
// the symbol's scale, so no float ever touches a stored candle.
import { INTERVAL_MS, type KlineInterval } from "../../protocol/market";
import { formatFixed, parseUnits } from "../../protocol/decimal";

export interface Candle {
  /** Epoch ms of the candle's first minute (aligned to its interval in UTC). */
  openTime: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

export interface Scales {
  priceScale: number;
  qtyScale: number;
}

export interface Trade {
  price: string;
  qty: string;
  /** Epoch ms. */
  ts: number;
}

export function bucketStart(ts: number, intervalMs: number): number {
  return Math.floor(ts / intervalMs) * intervalMs;
}

/** Candles of `intervalMs` from trades in time order (one per bucket that has trades). */
export function foldTrades(trades: readonly Trade[], intervalMs: number, scales: Scales): Candle[] {
  return foldUnits(
    trades.map((t) => ({
      openTime: bucketStart(t.ts, intervalMs),
      o: t.price,
      h: t.price,
      l: t.price,
      c: t.price,
      v: t.qty,
    })),
    intervalMs,
    scales,
  );
}

/**
 * Aggregates 1m candles (oldest first) into `interval` candles: open = first open, close = last
 * close, high = max, low = min, volume = sum. A bucket with no 1m candle has no candle.
 */
export function aggregateCandles(
  oneMinute: readonly Candle[],
  interval: KlineInterval,
  scales: Scales,
): Candle[] {
  return foldUnits(oneMinute, INTERVAL_MS[interval], scales);
}

function foldUnits(candles: readonly Candle[], intervalMs: number, scales: Scales): Candle[] {
  const out: Candle[] = [];
  let cur: { openTime: number; o: bigint; h: bigint; l: bigint; c: bigint; v: bigint } | null =
    null;
  const flush = () => {
    if (!cur) return;
    const p = (u: bigint) => formatFixed(u, scales.priceScale);
    out.push({
      openTime: cur.openTime,
      o: p(cur.o),
      h: p(cur.h),
      l: p(cur.l),
      c: p(cur.c),
      v: formatFixed(cur.v, scales.qtyScale),
    });
  };
  for (const candle of candles) {
    const openTime = bucketStart(candle.openTime, intervalMs);
    const h = parseUnits(candle.h, scales.priceScale);
    const l = parseUnits(candle.l, scales.priceScale);
    const c = parseUnits(candle.c, scales.priceScale);
    const v = parseUnits(candle.v, scales.qtyScale);
    if (cur && cur.openTime === openTime) {
      if (h > cur.h) cur.h = h;
      if (l < cur.l) cur.l = l;
      cur.c = c;
      cur.v += v;
    } else {
      flush();
      cur = { openTime, o: parseUnits(candle.o, scales.priceScale), h, l, c, v };
    }
  }
  flush();
  return out;
}
