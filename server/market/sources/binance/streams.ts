// Which Binance streams Quanta reads, and the combined-stream URL that carries them all on one
// connection: per listed symbol its 24h ticker (the last trade), its top-20 book every 100 ms and
// its 1m klines. 12 symbols make 36 streams, far below Binance's 1024 per connection.
import type { MarketSymbol } from "../../../../protocol/market";

/** The endpoint before `?streams=`; MARKET_BINANCE_URL replaces it (tests, proxies). */
export const DEFAULT_BINANCE_STREAM_URL = "wss://stream.binance.com:9443/stream";

export const STREAM_KINDS = ["ticker", "depth20@100ms", "kline_1m"] as const;

/** "BTC/USDT" is traded on Binance as BTCUSDT; stream names use it in lower case. */
export function binanceSymbol(spec: Pick<MarketSymbol, "base" | "quote">): string {
  return `${spec.base}${spec.quote}`;
}

export function streamNames(specs: readonly Pick<MarketSymbol, "base" | "quote">[]): string[] {
  return specs.flatMap((spec) =>
    STREAM_KINDS.map((kind) => `${binanceSymbol(spec).toLowerCase()}@${kind}`),
  );
}

export function combinedStreamUrl(
  baseUrl: string,
  specs: readonly Pick<MarketSymbol, "base" | "quote">[],
): string {
  return `${baseUrl}?streams=${streamNames(specs).join("/")}`;
}
