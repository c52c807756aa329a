// /options: rise/fall options. The market (symbol picker, last price, 24H high and low), the live
// chart with the open option's entry and countdown, the order form (products, stake, up/down,
// the confirm sheet), the open option, the latest result (save as image) and the history with
// Verify. Everything is read from IndexedDB; buying goes online-only through
// src/sync/options-commands.ts. The house is the counterparty, and the screen says so.
import { Trans, useLingui } from "@lingui/react/macro";
import { memo, useState } from "react";
import { useFreshness } from "../../db/sync-state";
import { useOptionsHistory } from "../../db/queries/options";
import { oldest, ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { PriceHeader } from "../../ui/market/price-header";
import { DEFAULT_SYMBOL } from "../../ui/market/symbol-picker";
import { RiskWarning } from "../../ui/notices";
import { OptionsChartCard } from "./options-chart-card";
import { OptionsHistory } from "./options-history";
import { OptionsOpenOrder } from "./options-open-order";
import { OptionsOrderPanel } from "./options-order-panel";
import { OptionsResultCard } from "./options-result-card";
import { useEntryTick } from "./use-entry-tick";
import { useOptionsTrading } from "./use-options-trading";
import { useSettlementPull } from "./use-settlement-pull";
import "./options.css";

export function OptionsScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const [symbol, setSymbol] = useState(DEFAULT_SYMBOL);
  const trading = useOptionsTrading(userId, symbol);
  const entry = useEntryTick(trading.openOrder);
  useSettlementPull(trading.openOrder);
  const latest = useOptionsHistory(userId, 1);
  const latestOrder = latest.status === "ready" ? (latest.value[0] ?? null) : null;
  const accountFreshness = useFreshness("account");
  return (
    <ScreenFrame title={t`Options`} testId="screen-options">
      <PriceHeader symbol={symbol} onSymbolChange={setSymbol} showRange />
      <OptionsChartCardMemo symbol={symbol} openOrder={trading.openOrder} entry={entry} />
      {trading.openOrder !== null && <OptionsOpenOrder order={trading.openOrder} entry={entry} />}
      <OptionsOrderPanel symbol={symbol} trading={trading} />
      <OptionsHouse />
      <RiskWarning />
      <ScreenFreshness at={oldest([accountFreshness])} />
      {latestOrder !== null && <OptionsResultCardMemo order={latestOrder} />}
      <OptionsHistoryMemo userId={userId} />
    </ScreenFrame>
  );
}

// The screen renders with every ticker the feed writes (the order panel shows the price); these
// render only when their own rows change. The live line reads the ticker itself.
const OptionsChartCardMemo = memo(OptionsChartCard);
const OptionsResultCardMemo = memo(OptionsResultCard);
const OptionsHistoryMemo = memo(OptionsHistory);

/** Who is on the other side (DESIGN §1): the house, at the feed's recorded prices. */
function OptionsHouse() {
  return (
    <p className="q-card q-muted" role="note" data-testid="options-house">
      <Trans>
        Quanta (the house) is the counterparty to every option: it pays your wins and keeps your
        lost stakes. Options settle only from the market feed's recorded prices (ticks), by one
        published rule that you can check with Verify; nobody chooses an outcome.
      </Trans>
    </p>
  );
}
