// The market's IndexedDB rows (tables tickers, candles, depth in database.ts): what the feed
// last delivered to this device, read by every price header, chart and order book offline.
import type { DepthLevel, KlineInterval, Ticker } from "../../protocol";

/** The latest ticker of a symbol from /ws/data (or GET /market/tickers). */
export interface TickerRow extends Ticker {
  /** When this device received it (ISO-8601): "last known prices, 3 min ago" when offline. */
  receivedAt: string;
}

/** One candle of /ws/kdata or GET /market/klines; the newest ~1000 per symbol and interval. */
export interface CandleRow {
  symbol: string;
  interval: KlineInterval;
  /** ISO-8601 UTC as served (fixed width, so it sorts as text). */
  openTime: string;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

/** The latest order book of a symbol from /ws/depth, best levels first. */
export interface DepthRow {
  symbol: string;
  bids: DepthLevel[];
  asks: DepthLevel[];
  /** The book's time (ISO-8601 UTC). */
  ts: string;
  receivedAt: string;
}
