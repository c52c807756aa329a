// The public market data (API.md market/*) the app reads over HTTP, and the addresses of the
// market websockets (/ws/data, /ws/depth, /ws/kdata). The feeds in src/sync write both to IndexedDB.
import { WS_BASE, type KlineInterval, type KlineRow, type Ticker } from "../../protocol";
import { call } from "./call";
import { apiOrigin } from "./client";

export interface ReadOptions {
  quiet?: boolean;
  signal?: AbortSignal;
}

/** GET /market/tickers: every symbol's latest ticker. */
export function getTickers(opts: ReadOptions = {}): Promise<Ticker[]> {
  return call("GET /market/tickers", opts);
}

export interface KlinesQuery {
  symbol: string;
  interval: KlineInterval;
  limit?: number;
  /** ISO-8601: the answer ends with the candle containing this time. */
  end?: string;
}

/** GET /market/klines: candles oldest first, `[openTime, o, h, l, c, v]`. */
export function getKlines(query: KlinesQuery, opts: ReadOptions = {}): Promise<KlineRow[]> {
  return call("GET /market/klines", { ...opts, query });
}

export type MarketSocketPath = "data" | "depth" | "kdata";

/** The address of a market websocket (public: no token), e.g. ws://host/ws/depth?symbol=… */
export function marketSocketUrl(
  path: MarketSocketPath,
  query: Record<string, string> = {},
): string {
  const origin = apiOrigin().replace(/^http/, "ws");
  const search = new URLSearchParams(query).toString();
  return `${origin}${WS_BASE}/${path}${search === "" ? "" : `?${search}`}`;
}
