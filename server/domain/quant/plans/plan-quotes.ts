// How a plan's trade is priced (README "Prices"): at the spot engine's fill rules against the
// feed's live book when the tick it acts on is live, else at the recorded tick's price.
//   live      the tick is at most MAX_PRICE_AGE_SECONDS old and the feed has a fresh book: a
//             market order's walk (protocol/spot-fill.ts marketFill, spot's 5 % slippage cap);
//             a refused walk skips a strategy trade (tried again at the next candle) and closes
//             at the tick's price (a plan must be able to end)
//   caught up ticks recorded while no runner ran (a restart): the book of that moment is gone,
//             so the trade fills at the tick's price — what anyone can recompute from the record
//   user stop the live book only: MARKET_STALE (503) or the walk's refusal (422), as a contract
//             close at market, and nothing changes
import { marketFill } from "../../../../protocol/spot-fill";
import type { MarketFeed } from "../../../market/market-feed";
import { fillRefused } from "../../contract/position-pricing";
import { assertTradable, takeSnapshot } from "../../spot/market-snapshot";
import { MAX_PRICE_AGE_SECONDS, MAX_SLIPPAGE } from "../../spot/spot-config";
import { tickQuote, type Quote } from "./plan-advance";
import { planRules } from "./subscription-view";

const MAX_AGE_MS = MAX_PRICE_AGE_SECONDS * 1000;

/** The live book when the tick is live, else the tick's price. */
export function liveQuote(feed: MarketFeed | undefined, nowMs: number): Quote {
  return (symbol, side, quantity, tick, reason) => {
    const rules = planRules(symbol);
    if (nowMs - tick.tsMs > MAX_AGE_MS) return tickQuote(symbol, side, quantity, tick, reason);
    const snapshot = takeSnapshot(feed, rules);
    if (snapshot === null || nowMs - snapshot.tickAtMs > MAX_AGE_MS) {
      return tickQuote(symbol, side, quantity, tick, reason);
    }
    const fill = marketFill(side, snapshot.units, quantity, rules, MAX_SLIPPAGE);
    if (fill.kind === "rejected") {
      return reason === "close" ? tickQuote(symbol, side, quantity, tick, reason) : null;
    }
    return { price: fill.price, fill: "book" };
  };
}

/** A user's stop: the live book or a refusal (thrown, so the transaction changes nothing). */
export function stopQuote(feed: MarketFeed | undefined, nowMs: number): Quote {
  return (symbol, side, quantity) => {
    const rules = planRules(symbol);
    const snapshot = takeSnapshot(feed, rules);
    assertTradable(snapshot, rules, nowMs);
    const fill = marketFill(side, snapshot.units, quantity, rules, MAX_SLIPPAGE);
    if (fill.kind === "rejected") throw fillRefused(fill.refusal);
    return { price: fill.price, fill: "book" };
  };
}
