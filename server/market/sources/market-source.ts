// The one interface every feed source answers (simulated, binance): it emits trades as ticks and
// order-book snapshots, and an exchange source also its own 1m candles; the feed
// (../market-feed.ts) records and serves them.
import type { DepthLevel } from "../../../protocol/market";

export interface SourceTick {
  symbol: string;
  /** Decimal string at the symbol's priceScale. */
  price: string;
  /** Decimal string at the symbol's qtyScale. */
  qty: string;
  /** Epoch milliseconds. */
  ts: number;
}

export interface BookSnapshot {
  symbol: string;
  bids: DepthLevel[];
  asks: DepthLevel[];
  ts: number;
}

/** A 1m candle as the exchange reports it: the whole candle so far, not a delta. */
export interface SourceCandle {
  symbol: string;
  /** Epoch ms of the candle's minute. */
  openTime: number;
  /** Prices at the symbol's priceScale, volume at its qtyScale. */
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
  /** The exchange closed this minute: no later update will change it. */
  closed: boolean;
}

export interface MarketSourceHandlers {
  onTicks(ticks: SourceTick[]): void;
  onBook(book: BookSnapshot): void;
  /** Only sources with `providesCandles` call it. */
  onCandles?(candles: SourceCandle[]): void;
}

export interface MarketSource {
  /**
   * True when the source reports the exchange's own candles (onCandles): the feed then records
   * those and does not also fold the ticks into candles, which would count volume twice.
   */
  readonly providesCandles?: boolean;
  start(handlers: MarketSourceHandlers): void;
  stop(): Promise<void>;
}
