// Market frames and rows for the feeds' tests, shaped as protocol/feed.ts says.
import type { DepthLevel, KlineInterval, KlineRow, Ticker } from "../../../protocol";

export function ticker(symbol: string, overrides: Partial<Ticker> = {}): Ticker {
  return {
    symbol,
    last: "67250.00",
    open24h: "66000.00",
    high24h: "67500.00",
    low24h: "65800.00",
    change24h: "1.89",
    volume24h: "1234.56789",
    ts: "2026-04-01T10:00:00.000Z",
    seq: "42",
    ...overrides,
  };
}

export function depthFrame(
  type: "snapshot" | "update",
  seq: number,
  bids: DepthLevel[],
  asks: DepthLevel[] = [],
  symbol = "BTC/USDT",
) {
  return { type, symbol, seq, bids, asks, ts: "2026-04-01T10:00:00.000Z" };
}

const MINUTE = 60_000;

/** `count` 1m-style candles from `startMs`, each `stepMs` apart, close = its index. */
export function klines(count: number, startMs: number, stepMs = MINUTE): KlineRow[] {
  return Array.from({ length: count }, (_, i): KlineRow => {
    const close = String(100 + i);
    return [new Date(startMs + i * stepMs).toISOString(), close, close, close, close, "1"];
  });
}

export function kdataFrame(
  type: "snapshot" | "update",
  seq: number,
  candles: KlineRow[],
  symbol = "BTC/USDT",
  interval: KlineInterval = "1m",
) {
  return { type, symbol, interval, seq, candles };
}
