// /market: public market data (no token). The symbol and interval lists come from protocol, so a
// bad value is a 400 VALIDATION naming the field, never an empty answer or a 500.
import { Type, type TProperties } from "@sinclair/typebox";
import {
  KLINE_INTERVALS,
  LISTED_BASES,
  type Depth,
  type KlineRow,
  type MarketSymbol,
  type MarketTick,
  type Ticker,
  type TicksHead,
} from "../market";
import { API_BASE } from "../paths";
import { defaulted, described, oneOf } from "./common";
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
    answer: Type.Array(
      described<MarketSymbol>("{ symbol, base, quote, priceScale, qtyScale, minQty }"),
    ),
  }),
  tickers: endpoint({
    method: "GET",
    path: `${MARKET}/tickers`,
    summary: "24 h tickers",
    access: "public",
    answer: Type.Array(
      described<Ticker>(
        "{ symbol, last, open24h, high24h, low24h, change24h, volume24h, ts, seq }",
      ),
    ),
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
    answer: Type.Array(
      Type.Unsafe<KlineRow>(Type.Array(Type.String(), { minItems: 6, maxItems: 6 })),
    ),
  }),
  depth: endpoint({
    method: "GET",
    path: `${MARKET}/depth`,
    summary: "Order book of a symbol",
    access: "public",
    query: symbolQuery({ limit: Type.Optional(DEPTH_LIMIT) }),
    answer: described<Depth>("{ symbol, bids: [[p, q]], asks: [[p, q]], seq, ts }"),
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
    answer: Type.Array(described<MarketTick>("{ symbol, seq, price, ts, hash }")),
  }),
  ticksHead: endpoint({
    method: "GET",
    path: `${MARKET}/ticks/head`,
    summary: "Newest link of a symbol's tick chain",
    access: "public",
    query: symbolQuery({}),
    answer: described<TicksHead>("{ symbol, seq, hash, ts }"),
  }),
};
