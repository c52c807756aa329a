// Whether the order form may be used (DESIGN §3: online-only commands are disabled while offline
// or while the price is stale, with the reason). Pure: the hook in use-spot-trading.ts feeds it.
import type { SpotConfig, SpotSymbolRules } from "../../../protocol/spot";
import type { TickerRow } from "../../db/queries/market";
import { freshnessDate } from "../../ui/freshness/freshness-text";
import type { SpotBlock } from "./spot-labels";

/**
 * How old the symbol's last price is, in whole seconds: by the older of the tick's own time (what
 * the server checks against maxPriceAgeSeconds) and when this device received it (a feed that
 * stopped leaves the stored ticker behind however recent its tick was). A device clock ahead of
 * the server's makes prices look older than they are; the server has the last word either way.
 */
export function priceAgeSeconds(ticker: Pick<TickerRow, "ts" | "receivedAt">, now: Date): number {
  const times = [freshnessDate(ticker.ts), freshnessDate(ticker.receivedAt)];
  let oldest = now.getTime();
  for (const time of times) {
    if (time === null) return Number.POSITIVE_INFINITY;
    oldest = Math.min(oldest, time.getTime());
  }
  return Math.floor((now.getTime() - oldest) / 1000);
}

export function rulesOf(config: SpotConfig | null, symbol: string): SpotSymbolRules | null {
  return config?.symbols.find((rules) => rules.symbol === symbol) ?? null;
}

export function spotBlock(input: {
  offline: boolean;
  config: SpotConfig | null;
  symbol: string;
  ticker: TickerRow | null;
  now: Date;
}): SpotBlock | null {
  if (input.offline) return { kind: "offline" };
  if (input.config === null) return { kind: "no-config" };
  if (rulesOf(input.config, input.symbol) === null) return { kind: "not-listed" };
  if (input.ticker === null) return { kind: "no-price" };
  const ageSeconds = priceAgeSeconds(input.ticker, input.now);
  const maxSeconds = input.config.maxPriceAgeSeconds;
  if (!Number.isFinite(ageSeconds)) return { kind: "no-price" };
  if (ageSeconds > maxSeconds) return { kind: "stale", ageSeconds, maxSeconds };
  return null;
}
