import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { NotYetAvailable, RiskWarning } from "../../ui/notices";
import { MarketChartPanel } from "../../ui/market/market-chart-panel";
import { PriceHeader } from "../../ui/market/price-header";
import { DEFAULT_SYMBOL } from "../../ui/market/symbol-picker";

/** Contract: the market (price header, chart, depth); trading arrives with its own issue. */
export function ContractScreen() {
  const { t } = useLingui();
  const [symbol, setSymbol] = useState(DEFAULT_SYMBOL);
  return (
    <ScreenFrame title={t`Contract`} testId="screen-contract">
      <RiskWarning />
      <PriceHeader symbol={symbol} onSymbolChange={setSymbol} showRange showVolume />
      <MarketChartPanel symbol={symbol} />
      <NotYetAvailable />
    </ScreenFrame>
  );
}
