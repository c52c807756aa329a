// Whether a plan may be subscribed to right now (DESIGN §3: commands priced by the market are
// disabled while offline or while the price is stale, with the reason). Pure: the subscribe sheet
// feeds it. The server has the last word on every one.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { TickerRow } from "../../db/queries/market";
import { priceAgeSeconds } from "../../ui/market/price-age-seconds";
import { OFFLINE_TEXT } from "./quant-labels";

export type SubscribeBlock =
  | { kind: "offline" }
  | { kind: "no-quota" }
  | { kind: "no-price"; symbol: string }
  /** Seconds are a time, not money: a number is fine. */
  | { kind: "stale"; symbol: string; ageSeconds: number; maxSeconds: number };

export function subscribeBlock(input: {
  offline: boolean;
  quotaKnown: boolean;
  symbols: readonly string[];
  tickerOf: (symbol: string) => TickerRow | null;
  /** The spot terms' price age limit; null until they were read (then the server decides). */
  maxSeconds: number | null;
  now: Date;
}): SubscribeBlock | null {
  if (input.offline) return { kind: "offline" };
  if (!input.quotaKnown) return { kind: "no-quota" };
  for (const symbol of input.symbols) {
    const ticker = input.tickerOf(symbol);
    if (ticker === null) return { kind: "no-price", symbol };
    const ageSeconds = priceAgeSeconds(ticker, input.now);
    if (!Number.isFinite(ageSeconds)) return { kind: "no-price", symbol };
    if (input.maxSeconds !== null && ageSeconds > input.maxSeconds) {
      return { kind: "stale", symbol, ageSeconds, maxSeconds: input.maxSeconds };
    }
  }
  return null;
}

export function subscribeBlockText(i18n: I18n, block: SubscribeBlock): string {
  switch (block.kind) {
    case "offline":
      return i18n._(OFFLINE_TEXT);
    case "no-quota":
      return i18n._(
        msg({
          message: "Your plan quota has not been read yet: it is needed to subscribe.",
          comment: "Why the quant subscribe button is disabled",
        }),
      );
    case "no-price": {
      const symbol = block.symbol;
      return i18n._(
        msg({
          message: `No price for ${symbol} yet: a plan starts when the market feed arrives.`,
          comment: "Why the quant subscribe button is disabled; symbol is a market like BTC/USDT",
        }),
      );
    }
    default: {
      const symbol = block.symbol;
      const age = i18n.number(block.ageSeconds);
      const max = i18n.number(block.maxSeconds);
      return i18n._(
        msg({
          message: `The last price of ${symbol} is ${age} s old (at most ${max} s allowed): a plan starts on a fresh price.`,
          comment: "Why the quant subscribe button is disabled; s = seconds",
        }),
      );
    }
  }
}
