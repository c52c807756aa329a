// Whether the order form may be used (DESIGN §3: online-only commands are disabled while offline
// or while the price is stale, with the reason). Pure: the hook in use-spot-trading.ts feeds it.
import type { SpotConfig, SpotSymbolRules } from "../../../protocol/spot";
import type { TickerRow } from "../../db/queries/market";
import { priceAgeSeconds } from "../../ui/market/price-age-seconds";
import type { SpotBlock } from "./spot-labels";

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
