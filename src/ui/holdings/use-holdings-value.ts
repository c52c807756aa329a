// The user's holdings valued in USDT at the last prices this device holds (IndexedDB tickers), for
// /my and the signed-in home card: one valuation (src/lib/valuation.ts), shown the same way twice.
import { useMemo } from "react";
import { useAssetsOverview, type AssetsOverviewRow } from "../../db/queries/assets-overview";
import { useTickers } from "../../db/queries/market";
import { valueHoldings, type Valuation } from "../../lib/valuation";
import { useNow } from "../freshness/use-now";
import { STALE_AFTER_MS } from "../market/price-age";

export type HoldingsValue =
  | { status: "loading" | "error" }
  /** `overview` undefined: no account pull stored one yet (no figures, not zeros). */
  | { status: "ready"; overview: AssetsOverviewRow | undefined; valuation: Valuation | null };

/** How often staleness is looked at again. */
const TICK_MS = 5_000;

export function useHoldingsValue(userId: string | null): HoldingsValue {
  const overview = useAssetsOverview(userId);
  const tickers = useTickers();
  const now = useNow(TICK_MS);
  const row = overview.status === "ready" ? overview.value : undefined;
  const prices = tickers.status === "ready" ? tickers.value : null;
  const valuation = useMemo(
    () =>
      row === undefined || prices === null
        ? null
        : valueHoldings(row.balances, prices, now.getTime(), STALE_AFTER_MS),
    [row, prices, now],
  );
  if (overview.status !== "ready") return { status: overview.status };
  if (tickers.status === "error") return { status: "error" };
  return { status: "ready", overview: row, valuation };
}
