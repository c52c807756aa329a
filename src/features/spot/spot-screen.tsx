// /spots: the market (price header with the listed symbols, chart and depth) and spot trading —
// the order panel and the user's orders. Everything is read from IndexedDB; orders are sent
// online-only through src/sync/spot-commands.ts.
import { useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { useAssetsOverview } from "../../db/queries/assets-overview";
import { useSpotConfig } from "../../db/queries/spot";
import { useFreshness } from "../../db/sync-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { RiskWarning } from "../../ui/notices";
import { MarketChartPanel } from "../market/market-chart-panel";
import { PriceHeader } from "../market/price-header";
import { DEFAULT_SYMBOL } from "../market/symbol-picker";
import { oldest, ScreenFreshness } from "../shell/screen-freshness";
import { useSessionUserId } from "../shell/use-shell-state";
import { SpotOrderPanel } from "./spot-order-panel";
import { SpotOrders } from "./spot-orders";
import "./spot.css";

export function SpotScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const [symbol, setSymbol] = useState(DEFAULT_SYMBOL);
  const configRow = useSpotConfig(userId);
  const overview = useAssetsOverview(userId);
  const accountFreshness = useFreshness("account");
  const config = configRow.status === "ready" ? (configRow.value?.config ?? null) : null;
  const pulledAt = overview.status === "ready" ? (overview.value?.pulledAt ?? null) : null;
  // Until the terms arrive the picker offers the symbols with tickers (the header's default).
  const listed = useMemo(() => config?.symbols.map((rules) => rules.symbol), [config]);
  return (
    <ScreenFrame title={t`Spot`} testId="screen-spots">
      <RiskWarning />
      <ScreenFreshness at={oldest([accountFreshness, pulledAt])} />
      <PriceHeader
        symbol={symbol}
        onSymbolChange={setSymbol}
        symbols={listed}
        showRange
        showVolume
      />
      <MarketChartPanel symbol={symbol} />
      {/* A new market starts a new form: the last price and steps are that market's. */}
      <SpotOrderPanel key={symbol} userId={userId} symbol={symbol} />
      <SpotOrders userId={userId} symbol={symbol} />
    </ScreenFrame>
  );
}
