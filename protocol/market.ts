// Market data on the wire (API.md market/* and the tick record). Prices and quantities are
// decimal strings at the symbol's scale; times are ISO-8601 UTC with milliseconds ("…000Z").
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

export interface MarketSymbol {
  /** "BTC/USDT" */
  symbol: string;
  base: string;
  quote: string;
  /** Decimal places of a price. */
  priceScale: number;
  /** Decimal places of a quantity. */
  qtyScale: number;
  minQty: string;
}

export interface Ticker {
  symbol: string;
  last: string;
  open24h: string;
  high24h: string;
  low24h: string;
  /** Percent change over 24 h, two decimals ("-1.25"). */
  change24h: string;
  /** Base-asset volume over 24 h. */
  volume24h: string;
  ts: string;
  /** The last tick's sequence number (a decimal string: it is a bigint on the server). */
  seq: string;
}

/** `[openTime, open, high, low, close, volume]`, oldest first. */
export type KlineRow = [string, string, string, string, string, string];

/** `[price, quantity]` */
export type DepthLevel = [string, string];

export interface Depth {
  symbol: string;
  /** Best (highest) first. */
  bids: DepthLevel[];
  /** Best (lowest) first. */
  asks: DepthLevel[];
  seq: string;
  ts: string;
}

/** One recorded tick. `hash` = sha256 hex of `prevHash|seq|price|ts` (64 zeros before the first). */
export interface MarketTick {
  symbol: string;
  seq: string;
  price: string;
  ts: string;
  hash: string;
}

export interface TicksHead {
  symbol: string;
  seq: string;
  hash: string;
  ts: string;
}

export const GENESIS_HASH = "0".repeat(64);

/** The one serialisation of a tick time, for hashing and serving alike. */
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
