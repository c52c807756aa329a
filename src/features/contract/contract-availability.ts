// Whether the contract order form may be used (DESIGN §3: online-only commands are disabled while
// offline or while the price is stale, with the reason). Pure: use-contract-trading.ts feeds it.
// The server has the last word on every one.
import type { ContractConfig } from "../../../protocol/contract";
import type { SpotConfig } from "../../../protocol/spot";
import type { TickerRow } from "../../db/queries/market";
import { priceAgeSeconds } from "../../ui/market/price-age-seconds";
import type { ContractBlock } from "./contract-labels";

export function contractBlock(input: {
  offline: boolean;
  config: ContractConfig | null;
  /** The spot terms: a contract symbol's steps and the price age limit are spot's. */
  spotConfig: SpotConfig | null;
  symbol: string;
  ticker: TickerRow | null;
  now: Date;
}): ContractBlock | null {
  const { config, spotConfig, symbol } = input;
  if (input.offline) return { kind: "offline" };
  if (config === null || spotConfig === null) return { kind: "no-config" };
  const listed = spotConfig.symbols.some((rules) => rules.symbol === symbol);
  if (!config.symbols.includes(symbol) || !listed) return { kind: "not-listed" };
  if (input.ticker === null) return { kind: "no-price" };
  const ageSeconds = priceAgeSeconds(input.ticker, input.now);
  if (!Number.isFinite(ageSeconds)) return { kind: "no-price" };
  const maxSeconds = spotConfig.maxPriceAgeSeconds;
  if (ageSeconds > maxSeconds) return { kind: "stale", ageSeconds, maxSeconds };
  return null;
}
