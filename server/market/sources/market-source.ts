// The one interface every feed source answers (simulated now, binance later): it emits trades as
// ticks and order-book snapshots; the feed (../market-feed.ts) records and serves them.
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

export interface MarketSourceHandlers {
  onTicks(ticks: SourceTick[]): void;
  onBook(book: BookSnapshot): void;
}

export interface MarketSource {
  start(handlers: MarketSourceHandlers): void;
  stop(): Promise<void>;
}
