// Reading the market websockets' frames (protocol/feed.ts). The server is trusted to follow the
// contract, but a frame that does not (a bad deploy, a proxy's error page) must never reach
// IndexedDB: anything malformed reads as null and the caller logs and ignores it.
import {
  isKlineInterval,
  type DataSocketFrame,
  type DepthLevel,
  type DepthSocketFrame,
  type FeedErrorFrame,
  type FeedPongFrame,
  type KdataSocketFrame,
  type KlineRow,
  type Ticker,
} from "../../../protocol";
import { isDecimalString } from "../../../protocol/decimal";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isSeq = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** An ISO-8601 time with an offset, as the server writes them. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const isIsoTime = (value: unknown): value is string =>
  typeof value === "string" && ISO_TIME.test(value) && Number.isFinite(Date.parse(value));

/** "BTC/USDT": base and quote in capitals. */
export const isMarketSymbol = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Z0-9]{1,16}\/[A-Z0-9]{1,16}$/.test(value);

function isLevel(value: unknown): value is DepthLevel {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    isDecimalString(value[0]) &&
    isDecimalString(value[1]) &&
    !value[0].startsWith("-") &&
    !value[1].startsWith("-")
  );
}

const isLevels = (value: unknown): value is DepthLevel[] =>
  Array.isArray(value) && value.every(isLevel);

export function isKlineRow(value: unknown): value is KlineRow {
  return (
    Array.isArray(value) &&
    value.length === 6 &&
    isIsoTime(value[0]) &&
    value.slice(1).every((part) => isDecimalString(part))
  );
}

const TICKER_DECIMALS = ["last", "open24h", "high24h", "low24h", "change24h", "volume24h"] as const;

export function isTicker(value: unknown): value is Ticker {
  return (
    isObject(value) &&
    isMarketSymbol(value["symbol"]) &&
    TICKER_DECIMALS.every((field) => isDecimalString(value[field])) &&
    isIsoTime(value["ts"]) &&
    typeof value["seq"] === "string" &&
    /^\d+$/.test(value["seq"])
  );
}

/** Error and pong frames belong to no topic; they look the same on every path. */
function controlFrame(value: Json): FeedErrorFrame | FeedPongFrame | null {
  if (value["type"] === "pong") return { type: "pong" };
  if (value["type"] === "error" && typeof value["message"] === "string") {
    return { type: "error", code: "VALIDATION", message: value["message"] };
  }
  return null;
}

export function parseDataFrame(value: unknown): DataSocketFrame | null {
  if (!isObject(value)) return null;
  if (value["type"] !== "tickers") return controlFrame(value);
  const data = value["data"];
  if (!isSeq(value["seq"]) || !Array.isArray(data) || !data.every(isTicker)) return null;
  return { type: "tickers", seq: value["seq"], data };
}

export function parseDepthFrame(value: unknown): DepthSocketFrame | null {
  if (!isObject(value)) return null;
  const type = value["type"];
  if (type !== "snapshot" && type !== "update") return controlFrame(value);
  const { symbol, seq, bids, asks, ts } = value;
  if (
    !isMarketSymbol(symbol) ||
    !isSeq(seq) ||
    !isLevels(bids) ||
    !isLevels(asks) ||
    !isIsoTime(ts)
  ) {
    return null;
  }
  return { type, symbol, seq, bids, asks, ts };
}

export function parseKdataFrame(value: unknown): KdataSocketFrame | null {
  if (!isObject(value)) return null;
  const type = value["type"];
  if (type !== "snapshot" && type !== "update") return controlFrame(value);
  const { symbol, interval, seq, candles } = value;
  const valid =
    isMarketSymbol(symbol) &&
    typeof interval === "string" &&
    isKlineInterval(interval) &&
    isSeq(seq) &&
    Array.isArray(candles) &&
    candles.every(isKlineRow);
  return valid ? { type, symbol, interval, seq, candles } : null;
}
