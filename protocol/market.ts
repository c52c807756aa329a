// Market data on the wire (API.md market/* and the tick record). Prices and quantities are
// decimal strings at the symbol's scale; times are ISO-8601 UTC with milliseconds ("…000Z").
import type { Static } from "@sinclair/typebox";
import type {
  DepthAnswer,
  DepthLevelAnswer,
  KlineRowAnswer,
  MarketSymbolAnswer,
  MarketTickAnswer,
  TickerAnswer,
  TicksHeadAnswer,
} from "./endpoints/market";

export const KLINE_INTERVALS = ["1m", "5m", "15m", "1h", "4h", "1d"] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

/** Interval lengths in milliseconds; every interval is a whole number of minutes. */
export const INTERVAL_MS: Readonly<Record<KlineInterval, number>> = {
  "1m": 60_000,
  "5m": 300_000,
  "15m": 900_000,
  "1h": 3_600_000,
  "4h": 14_400_000,
  "1d": 86_400_000,
};

export function isKlineInterval(value: string): value is KlineInterval {
  return (KLINE_INTERVALS as readonly string[]).includes(value);
}

/** GET /market/symbols: one listed symbol (the schema: endpoints/market.ts). */
export type MarketSymbol = Static<typeof MarketSymbolAnswer>;

export type Ticker = Static<typeof TickerAnswer>;

/** `[openTime, open, high, low, close, volume]`, oldest first. */
export type KlineRow = Static<typeof KlineRowAnswer>;

/** `[price, quantity]` */
export type DepthLevel = Static<typeof DepthLevelAnswer>;

/** bids best (highest) first, asks best (lowest) first. */
export type Depth = Static<typeof DepthAnswer>;

/** One recorded tick. `hash` = sha256 hex of `prevHash|seq|price|ts` (64 zeros before the first). */
export type MarketTick = Static<typeof MarketTickAnswer>;

export type TicksHead = Static<typeof TicksHeadAnswer>;

export const GENESIS_HASH = "0".repeat(64);

/** The one serialisation of a tick time, for hashing and serving alike. */
/**
 * How long the server keeps every recorded tick (the feed's default retention): older ones are
 * pruned unless an order keeps them (a contract keeps its opening and closing ticks, options
 * their whole window). A verifier reading older ranges expects gaps.
 */
export const TICK_RETENTION_MS = 86_400_000;

export function formatTickTime(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The base coins Quanta lists, in listing order (the majors first): the server's GET
 * /market/symbols answers them in this order and every market list in the app sorts by it
 * (src/lib/symbol-order.ts), so no two screens can disagree.
 */
export const LISTED_BASES = [
  "BTC",
  "ETH",
  "BNB",
  "SOL",
  "XRP",
  "DOGE",
  "ADA",
  "TRX",
  "LTC",
  "DOT",
  "LINK",
  "AVAX",
] as const;

export type ListedBase = (typeof LISTED_BASES)[number];
