// What a market socket's client may ask for (protocol/feed.ts FeedClientOp), checked before the
// hub acts on it: the connect query and every text frame. A refusal is a message naming what
// was wrong, sent back as a VALIDATION error frame; the connection stays as it was.
import { KDATA_DEFAULT_LIMIT, KDATA_MAX_LIMIT } from "../../../protocol/feed";
import { isKlineInterval, KLINE_INTERVALS, type KlineInterval } from "../../../protocol/market";
import { findSymbol } from "../symbols";

/** The three market sockets, by their path under WS_BASE. */
export const FEED_ENDPOINTS = ["data", "depth", "kdata"] as const;
export type FeedEndpoint = (typeof FEED_ENDPOINTS)[number];

export type TopicRequest =
  | { kind: "tickers" }
  | { kind: "depth"; symbol: string }
  | { kind: "kdata"; symbol: string; interval: KlineInterval; limit: number };

export type ClientOp = { op: "subscribe"; topic: TopicRequest } | { op: "ping" };

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const refuse = (message: string): Checked<never> => ({ ok: false, message });

const INTERVALS = KLINE_INTERVALS.join(", ");
const LIMIT_RULE = `limit must be a whole number from 1 to ${KDATA_MAX_LIMIT}`;

/** One client frame. Binary frames and anything but a JSON object with a known op are refused. */
export function parseClientFrame(
  endpoint: FeedEndpoint,
  data: Buffer | ArrayBuffer | Buffer[],
  isBinary: boolean,
): Checked<ClientOp> {
  if (isBinary) return refuse("Frames must be JSON text, not binary");
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString("utf8")
    : Buffer.from(data as ArrayBuffer).toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return refuse("The frame is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return refuse('The frame must be a JSON object with an op ("subscribe" or "ping")');
  }
  const frame = parsed as Record<string, unknown>;
  if (frame.op === "ping") return ok({ op: "ping" });
  if (frame.op === "subscribe") {
    const topic = topicRequest(endpoint, frame, "number");
    return topic.ok ? ok({ op: "subscribe", topic: topic.value }) : topic;
  }
  if (frame.op === undefined) return refuse('op is missing: use "subscribe" or "ping"');
  return refuse(`op ${JSON.stringify(frame.op)} is unknown: use "subscribe" or "ping"`);
}

/** The topic named by the connect query (strings, as the URL carries them). */
export function parseConnectQuery(endpoint: FeedEndpoint, query: unknown): Checked<TopicRequest> {
  const fields = typeof query === "object" && query !== null ? query : {};
  return topicRequest(endpoint, fields as Record<string, unknown>, "string");
}

/**
 * The topic of `endpoint` from `fields`. Fields the endpoint does not use are ignored, so a
 * client may send one shape everywhere. `limitAs`: a frame's limit is a JSON number, a query's
 * a string of digits.
 */
function topicRequest(
  endpoint: FeedEndpoint,
  fields: Record<string, unknown>,
  limitAs: "number" | "string",
): Checked<TopicRequest> {
  if (endpoint === "data") return ok({ kind: "tickers" });
  const symbol = checkSymbol(fields.symbol);
  if (!symbol.ok) return symbol;
  if (endpoint === "depth") return ok({ kind: "depth", symbol: symbol.value });
  const interval = fields.interval;
  if (interval === undefined) return refuse(`interval is missing: one of ${INTERVALS}`);
  if (typeof interval !== "string" || !isKlineInterval(interval)) {
    return refuse(`interval ${JSON.stringify(interval)} is not one of ${INTERVALS}`);
  }
  const limit = checkLimit(fields.limit, limitAs);
  if (!limit.ok) return limit;
  return ok({ kind: "kdata", symbol: symbol.value, interval, limit: limit.value });
}

function checkSymbol(symbol: unknown): Checked<string> {
  if (symbol === undefined) return refuse('symbol is missing: e.g. "BTC/USDT"');
  if (typeof symbol !== "string" || !findSymbol(symbol)) {
    return refuse(`symbol ${JSON.stringify(symbol)} is not listed (GET /api/v1/market/symbols)`);
  }
  return ok(symbol);
}

function checkLimit(limit: unknown, as: "number" | "string"): Checked<number> {
  if (limit === undefined) return ok(KDATA_DEFAULT_LIMIT);
  const value =
    as === "string" && typeof limit === "string" && /^\d{1,7}$/.test(limit) ? Number(limit) : limit;
  if (typeof value !== "number" || !Number.isInteger(value)) return refuse(LIMIT_RULE);
  if (value < 1 || value > KDATA_MAX_LIMIT) return refuse(LIMIT_RULE);
  return ok(value);
}
