// Everything the contract screen reads from IndexedDB for one market: the contract terms, the
// symbol's spot rules (steps and scales), its last price and book, the user's available USDT (the
// assets overview, pulled after every change-log pull) and whether the form may be used.
import type { ContractConfig } from "../../../protocol/contract";
import type { SpotConfig } from "../../../protocol/spot";
import { useAssetsOverview } from "../../db/queries/assets-overview";
import { useContractConfig } from "../../db/queries/contract";
import { useDepth, useTicker, type DepthRow, type TickerRow } from "../../db/queries/market";
import { useSpotConfig } from "../../db/queries/spot";
import { useOffline } from "../../ui/app-state/screen-freshness";
import { useNow } from "../../ui/freshness/use-now";
import { contractBlock } from "./contract-availability";
import type { ContractBlock } from "./contract-labels";
import { termsOf, type ContractTerms } from "./contract-math";

export interface ContractTrading {
  config: ContractConfig | null;
  spotConfig: SpotConfig | null;
  /** The symbol's rates and rules in units; null until both configs are known. */
  terms: ContractTerms | null;
  ticker: TickerRow | null;
  depth: DepthRow | null;
  /** Available USDT, null until the first overview was pulled. */
  available: string | null;
  block: ContractBlock | null;
}

/** The price age is looked at every second: the limit is a few seconds. */
const AGE_TICK_MS = 1_000;

export function useContractTrading(userId: string | null, symbol: string): ContractTrading {
  const configRow = useContractConfig();
  const spotRow = useSpotConfig(userId);
  const tickerRow = useTicker(symbol);
  const depthRow = useDepth(symbol);
  const overviewRow = useAssetsOverview(userId);
  const offline = useOffline();
  const now = useNow(AGE_TICK_MS);
  const config = configRow.status === "ready" ? (configRow.value?.config ?? null) : null;
  const spotConfig = spotRow.status === "ready" ? (spotRow.value?.config ?? null) : null;
  const ticker = tickerRow.status === "ready" ? tickerRow.value : null;
  const depth = depthRow.status === "ready" ? depthRow.value : null;
  const overview = overviewRow.status === "ready" ? overviewRow.value : undefined;
  const published = spotConfig?.symbols.find((rules) => rules.symbol === symbol) ?? null;
  // An asset never held has no ledger account, so no row: that is zero.
  const available =
    overview === undefined
      ? null
      : (overview.balances.find((row) => row.asset === "USDT")?.available ?? "0");
  return {
    config,
    spotConfig,
    terms: termsOf(config, published),
    ticker,
    depth,
    available,
    block: contractBlock({ offline, config, spotConfig, symbol, ticker, now }),
  };
}
