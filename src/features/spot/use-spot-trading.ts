// Everything the order form reads from IndexedDB for one market: the trading terms and the
// symbol's rules, its last price and book, the user's available USDT and base coin (the assets
// overview's per-asset balances, pulled after every change-log pull), and whether it may be used.
import { useAssetsOverview, type AssetsOverviewRow } from "../../db/queries/assets-overview";
import { useDepth, useTicker, type DepthRow, type TickerRow } from "../../db/queries/market";
import { useSpotConfig } from "../../db/queries/spot";
import type { SpotConfig, SpotSymbolRules } from "../../../protocol/spot";
import { useNow } from "../../ui/freshness/use-now";
import { baseOf, quoteOf } from "../../lib/format/format-price";
import { useOffline } from "../../ui/app-state/screen-freshness";
import { rulesOf, spotBlock } from "./spot-availability";
import type { SpotBlock } from "./spot-labels";

export interface SpotTrading {
  config: SpotConfig | null;
  rules: SpotSymbolRules | null;
  base: string;
  quote: string;
  ticker: TickerRow | null;
  depth: DepthRow | null;
  /** Available balances, null until the first overview was pulled. */
  available: { quote: string; base: string } | null;
  block: SpotBlock | null;
}

/** The price age is looked at every second: the limit is a few seconds. */
const AGE_TICK_MS = 1_000;

/** An asset the user never held has no ledger account yet, so no row: that is zero. */
export function availableOf(overview: AssetsOverviewRow | undefined, asset: string): string | null {
  if (overview === undefined) return null;
  return overview.balances.find((row) => row.asset === asset)?.available ?? "0";
}

export function useSpotTrading(userId: string | null, symbol: string): SpotTrading {
  const configRow = useSpotConfig(userId);
  const tickerResult = useTicker(symbol);
  const depthResult = useDepth(symbol);
  const overviewResult = useAssetsOverview(userId);
  const offline = useOffline();
  const now = useNow(AGE_TICK_MS);
  const config = configRow.status === "ready" ? (configRow.value?.config ?? null) : null;
  const rules = rulesOf(config, symbol);
  const ticker = tickerResult.status === "ready" ? tickerResult.value : null;
  const depth = depthResult.status === "ready" ? depthResult.value : null;
  const overview = overviewResult.status === "ready" ? overviewResult.value : undefined;
  const base = rules?.base ?? baseOf(symbol);
  const quote = rules?.quote ?? quoteOf(symbol);
  const quoteAvailable = availableOf(overview, quote);
  const baseAvailable = availableOf(overview, base);
  return {
    config,
    rules,
    base,
    quote,
    ticker,
    depth,
    available:
      quoteAvailable === null || baseAvailable === null
        ? null
        : { quote: quoteAvailable, base: baseAvailable },
    block: spotBlock({ offline, config, symbol, ticker, now }),
  };
}
