// /contract: isolated-margin, USDT-margined long and short positions against the house. The
// shared trading layout (src/ui/trading) as spot uses it — the pair bar, the price header, the
// order form beside the order-book ladder, the candlestick chart and depth one tap away — then
// who is on the other side and what it costs, and the user's positions, waiting orders and
// history. Everything is read from IndexedDB; orders go online-only through
// src/sync/contract-commands.ts. Every number comes from protocol/contract.ts.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";
import { useFavourites, toggleFavourite } from "../../db/favourites";
import { useContractConfig } from "../../db/queries/contract";
import { useDepth, useTicker } from "../../db/queries/market";
import { useSpotConfig } from "../../db/queries/spot";
import { useFreshness } from "../../db/sync-state";
import { baseOf, quoteOf } from "../../lib/format/format-price";
import { sortBySymbol } from "../../lib/symbol-order";
import { watchMarket } from "../../sync/feeds";
import { oldest, ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { MarketChartPanel } from "../../ui/market/market-chart-panel";
import { PriceHeader } from "../../ui/market/price-header";
import { DEFAULT_SYMBOL } from "../../ui/market/symbol-picker";
import { RiskWarning } from "../../ui/notices";
import { OrderBookLadder } from "../../ui/trading/order-book-ladder";
import { PairBar } from "../../ui/trading/pair-bar";
import { TradingLayout } from "../../ui/trading/trading-layout";
import { EMPTY_CONTRACT_FORM, type ContractFormState } from "./contract-draft";
import { ratePercent } from "./contract-estimate";
import { ContractOrderPanel } from "./contract-order-panel";
import { ContractOrders } from "./contract-orders";
import "./contract.css";

const NO_FAVOURITES: ReadonlySet<string> = new Set();

export function ContractScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const [symbol, setSymbol] = useState(DEFAULT_SYMBOL);
  const [form, setForm] = useState<ContractFormState>(EMPTY_CONTRACT_FORM);
  const configRow = useContractConfig();
  const spotRow = useSpotConfig(userId);
  const depthRow = useDepth(symbol);
  const tickerRow = useTicker(symbol);
  const favouritesRow = useFavourites();
  const accountFreshness = useFreshness("account");
  const favourites = favouritesRow.status === "ready" ? favouritesRow.value : NO_FAVOURITES;
  const config = configRow.status === "ready" ? (configRow.value?.config ?? null) : null;
  const spotConfig = spotRow.status === "ready" ? (spotRow.value?.config ?? null) : null;
  const depth = depthRow.status === "ready" ? depthRow.value : null;
  const last = tickerRow.status === "ready" ? (tickerRow.value?.last ?? null) : null;
  const symbols = useMemo(() => {
    const known = config?.symbols ?? [];
    return sortBySymbol(known.includes(symbol) ? known : [symbol, ...known], (s) => s);
  }, [config, symbol]);

  // The ladder needs the book whether or not the chart (which also watches it) is shown.
  useEffect(() => watchMarket({ kind: "depth", symbol }), [symbol]);

  const choose = (next: string) => {
    // A new market starts a new form: the prices and steps are that market's.
    setSymbol(next);
    setForm({ ...EMPTY_CONTRACT_FORM, direction: form.direction, leverage: form.leverage });
  };
  return (
    <ScreenFrame
      title={t({ message: "Contract", comment: "The contract (leveraged) trading screen's title" })}
      testId="screen-contract"
    >
      <TradingLayout
        pairBar={
          <PairBar
            symbol={symbol}
            symbols={symbols}
            favourites={favourites}
            onChange={choose}
            onToggleFavourite={(s) => void toggleFavourite(s)}
          />
        }
        header={<PriceHeader symbol={symbol} showPicker={false} showRange showVolume compact />}
        form={
          <ContractOrderPanel userId={userId} symbol={symbol} form={form} onFormChange={setForm} />
        }
        book={
          <OrderBookLadder
            asks={depth?.asks ?? []}
            bids={depth?.bids ?? []}
            last={last}
            base={baseOf(symbol)}
            quote={quoteOf(symbol)}
            onPick={(price) => setForm({ ...form, type: 1, price })}
          />
        }
        chart={<MarketChartPanel symbol={symbol} />}
      >
        <ScreenFreshness at={oldest([accountFreshness])} />
        <ContractHouseNotice feeRate={config?.feeRate ?? null} />
        <RiskWarning />
        <ContractOrders userId={userId} config={config} spotConfig={spotConfig} />
      </TradingLayout>
    </ScreenFrame>
  );
}

/** DESIGN §1: who is on the other side, and that the fees are all there is. */
function ContractHouseNotice(props: { feeRate: string | null }) {
  const { i18n } = useLingui();
  const fee = props.feeRate === null ? null : ratePercent(props.feeRate, i18n.locale);
  return (
    <p className="q-card q-muted" role="note" data-testid="contract-house-notice">
      {fee === null ? (
        <Trans comment="Contract: the house notice before the fee rate is downloaded">
          Quanta (the house) is the counterparty to every position, at the market feed's prices. The
          opening and closing fees are all there is: no funding payments and no hidden charges.
        </Trans>
      ) : (
        <Trans comment="Contract: the house notice; fee is a percentage like 0.05">
          Quanta (the house) is the counterparty to every position, at the market feed's prices. The
          fees — {fee} % of the value when a position opens and {fee} % when it closes — are all
          there is: no funding payments and no hidden charges.
        </Trans>
      )}
    </p>
  );
}
