// The market record a spot fill is priced on: the live book of the running feed (`app.market`)
// with the seq GET /market/depth serves it under, and the symbol's newest tick. Orders are refused
// while there is no book or the newest tick is older than MAX_PRICE_AGE_SECONDS: a price the user
// cannot see moving is not a price to trade on. Options follow the same rule (assertLivePrice).
import type { DepthLevel } from "../../../protocol/market";
import type { MarketFeed } from "../../market/market-feed";
import { DomainError } from "../errors";
import { bookUnits, type BookUnits } from "../../../protocol/spot-rules";
import { MAX_PRICE_AGE_SECONDS } from "./spot-config";
import { type SpotRules } from "../../../protocol/spot-rules";

/** Every level the feed holds (the simulated book has 20 a side, Binance's depth20 too). */
const ALL_LEVELS = 1_000;

export interface MarketSnapshot {
  symbol: string;
  bids: DepthLevel[];
  asks: DepthLevel[];
  units: BookUnits;
  /** GET /market/depth's seq for this book. */
  depthSeq: string;
  /** The symbol's newest tick when the book was read (`/market/ticks` seq). */
  tickSeq: string;
  bookAtMs: number;
  /** Epoch ms of that tick. */
  tickAtMs: number;
}

/** Null before the feed has a book and a tick for the symbol. */
export function takeSnapshot(
  feed: MarketFeed | undefined,
  rules: SpotRules,
): MarketSnapshot | null {
  const depth = feed?.depth(rules.symbol, ALL_LEVELS);
  const tickAtMs = feed?.lastTickTime(rules.symbol);
  const tickSeq = feed?.headSeqs().get(rules.symbol);
  if (!depth || tickAtMs === undefined || tickSeq === undefined || tickSeq === 0n) return null;
  return {
    symbol: rules.symbol,
    bids: depth.bids,
    asks: depth.asks,
    units: bookUnits(depth, rules),
    depthSeq: depth.seq,
    tickSeq: tickSeq.toString(),
    bookAtMs: Date.parse(depth.ts),
    tickAtMs,
  };
}

/** A MARKET_STALE refusal unless the snapshot exists and its tick is recent; changes nothing. */
export function assertTradable(
  snapshot: MarketSnapshot | null,
  rules: SpotRules,
  nowMs: number,
): asserts snapshot is MarketSnapshot {
  if (snapshot === null) {
    throw new DomainError(
      "MARKET_STALE",
      { symbol: rules.symbol },
      `There is no live order book for ${rules.symbol} yet; orders open once the market feed runs`,
    );
  }
  assertRecentTick(rules.symbol, snapshot.tickAtMs, nowMs);
}

/**
 * For orders priced by the tick record alone (options): MARKET_STALE unless the feed has a tick
 * of `symbol` at most MAX_PRICE_AGE_SECONDS old — the same rule spot orders follow.
 */
export function assertLivePrice(feed: MarketFeed | undefined, symbol: string, nowMs: number): void {
  const tickAtMs = feed?.lastTickTime(symbol);
  if (tickAtMs === undefined) {
    throw new DomainError(
      "MARKET_STALE",
      { symbol },
      `There is no live price for ${symbol} yet; orders open once the market feed runs`,
    );
  }
  assertRecentTick(symbol, tickAtMs, nowMs);
}

/** The one staleness rule: a price the user cannot see moving is not a price to trade on. */
function assertRecentTick(symbol: string, tickAtMs: number, nowMs: number): void {
  const ageMs = nowMs - tickAtMs;
  if (ageMs > MAX_PRICE_AGE_SECONDS * 1000) {
    const ageSeconds = Math.floor(ageMs / 1000);
    throw new DomainError(
      "MARKET_STALE",
      { symbol, ageSeconds, maxSeconds: MAX_PRICE_AGE_SECONDS },
      `The last price of ${symbol} is ${ageSeconds} s old (more than ` +
        `${MAX_PRICE_AGE_SECONDS} s): orders are refused until the market feed is live again`,
    );
  }
}
