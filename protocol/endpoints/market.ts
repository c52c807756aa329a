// /market: public market data (no token). The symbol and interval lists come from protocol, so a
// bad value is a 400 VALIDATION naming the field, never an empty answer or a 500.
import { Type, type TProperties } from "@sinclair/typebox";
import { KLINE_INTERVALS, LISTED_BASES } from "../market";
import { API_BASE } from "../paths";
import { defaulted, oneOf } from "./common";
import { endpoint } from "./endpoint";

const MARKET = `${API_BASE}/market`;

/** Typed as a string: the app reads symbols from GET /market/symbols, not from this list. */
const Symbol = Type.Unsafe<string>({
  type: "string",
  enum: LISTED_BASES.map((base) => `${base}/USDT`),
});
/** A time bound: ISO-8601 with an offset, or epoch milliseconds. */
const Time = Type.String({
  pattern:
    "^(\\d{1,15}|\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2}))$",
});
const Limit = (maximum: number, fallback: number) =>
  defaulted(Type.Integer({ minimum: 1, maximum, default: fallback }));

/** A symbol's query: `symbol` required, nothing unknown accepted. */
const symbolQuery = <P extends TProperties>(properties: P) =>
  Type.Object({ symbol: Symbol, ...properties }, { additionalProperties: false });

export const MarketSymbolAnswer = Type.Object({
  symbol: Type.String({ description: '"BTC/USDT"' }),
  base: Type.String(),
  quote: Type.String(),
  priceScale: Type.Integer({ description: "decimal places of a price" }),
  qtyScale: Type.Integer({ description: "decimal places of a quantity" }),
  minQty: Type.String(),
});

export const TickerAnswer = Type.Object({
  symbol: Type.String(),
  last: Type.String(),
  open24h: Type.String(),
  high24h: Type.String(),
  low24h: Type.String(),
  change24h: Type.String({ description: 'percent change over 24 h, two decimals ("-1.25")' }),
  volume24h: Type.String({ description: "base-asset volume over 24 h" }),
  ts: Type.String(),
  seq: Type.String({ description: "the last tick's sequence number (a bigint as a string)" }),
});

const Decimal = Type.String();
/** `[openTime, open, high, low, close, volume]`. */
export const KlineRowAnswer = Type.Tuple([Decimal, Decimal, Decimal, Decimal, Decimal, Decimal]);
/** `[price, quantity]`. */
export const DepthLevelAnswer = Type.Tuple([Decimal, Decimal]);

export const DepthAnswer = Type.Object({
  symbol: Type.String(),
  bids: Type.Array(DepthLevelAnswer, { description: "best (highest) first" }),
  asks: Type.Array(DepthLevelAnswer, { description: "best (lowest) first" }),
  seq: Type.String(),
  ts: Type.String(),
});

/** `hash` = sha256 hex of `prevHash|seq|price|ts` (64 zeros before the first). */
export const MarketTickAnswer = Type.Object({
  symbol: Type.String(),
  seq: Type.String(),
  price: Type.String(),
  ts: Type.String(),
  hash: Type.String(),
});

export const TicksHeadAnswer = Type.Object({
  symbol: Type.String(),
  seq: Type.String(),
  hash: Type.String(),
  ts: Type.String(),
});

export const KLINES_LIMIT = Limit(1000, 200);
export const KlineIntervalParam = defaulted(oneOf(KLINE_INTERVALS, { default: "1m" }));
export const DEPTH_LIMIT = Limit(20, 20);
export const TICKS_LIMIT = Limit(1000, 500);

export const marketEndpoints = {
  symbols: endpoint({
    method: "GET",
    path: `${MARKET}/symbols`,
    summary: "Listed symbols",
    access: "public",
    answer: Type.Array(MarketSymbolAnswer),
  }),
  tickers: endpoint({
    method: "GET",
    path: `${MARKET}/tickers`,
    summary: "24 h tickers",
    access: "public",
    answer: Type.Array(TickerAnswer),
  }),
  klines: endpoint({
    method: "GET",
    path: `${MARKET}/klines`,
    summary: "Candles, oldest first: [openTime, o, h, l, c, v]",
    access: "public",
    query: symbolQuery({
      interval: Type.Optional(KlineIntervalParam),
      limit: Type.Optional(KLINES_LIMIT),
      end: Type.Optional(Time),
    }),
    answer: Type.Array(KlineRowAnswer),
  }),
  depth: endpoint({
    method: "GET",
    path: `${MARKET}/depth`,
    summary: "Order book of a symbol",
    access: "public",
    query: symbolQuery({ limit: Type.Optional(DEPTH_LIMIT) }),
    answer: DepthAnswer,
  }),
  ticks: endpoint({
    method: "GET",
    path: `${MARKET}/ticks`,
    summary: "Recorded, hash-chained ticks, oldest first",
    access: "public",
    query: symbolQuery({
      from: Type.Optional(Time),
      to: Type.Optional(Time),
      limit: Type.Optional(TICKS_LIMIT),
    }),
    answer: Type.Array(MarketTickAnswer),
  }),
  ticksHead: endpoint({
    method: "GET",
    path: `${MARKET}/ticks/head`,
    summary: "Newest link of a symbol's tick chain",
    access: "public",
    query: symbolQuery({}),
    answer: TicksHeadAnswer,
  }),
};
