import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { RiskWarning } from "../../ui/notices";
import { MarketChartPanel } from "../../ui/market/market-chart-panel";
import { PriceHeader } from "../../ui/market/price-header";
import { DEFAULT_SYMBOL } from "../../ui/market/symbol-picker";
import { OptionsOrderPanel } from "./options-order-panel";
import { SaveImageButton } from "./save-image-button";
import "./options.css";

/**
 * Options: the market (price header, chart, depth) and the order panel, which says that options
 * trading is not available yet. "Save as image" shares the chart and the order panel.
 */
export function OptionsScreen() {
  const { t } = useLingui();
  const [symbol, setSymbol] = useState(DEFAULT_SYMBOL);
  const captureRef = useRef<HTMLDivElement>(null);
  return (
    <ScreenFrame title={t`Options`} testId="screen-options">
      <RiskWarning />
      <PriceHeader symbol={symbol} onSymbolChange={setSymbol} showRange />
      <div className="q-options__capture" ref={captureRef} data-testid="options-capture">
        <MarketChartPanel symbol={symbol} />
        <OptionsOrderPanel symbol={symbol} />
      </div>
      <div className="q-options__actions">
        <SaveImageButton target={captureRef} symbol={symbol} />
      </div>
    </ScreenFrame>
  );
}
