// /spots: the shared trading layout (src/ui/trading) for spot — the pair bar with search and
// favourites, the price header, the order form beside the order-book ladder (the chart one tap
// away), then the user's orders. Everything is read from IndexedDB; orders are sent online-only
// through src/sync/spot-commands.ts. `?symbol=BTCUSDT` opens that market.
import { useLingui } from "@lingui/react/macro";
import { memo, useCallback, useEffect, useMemo, useState } from "react";
import { useFavourites, toggleFavourite } from "../../db/favourites";
import { useAssetsOverview } from "../../db/queries/assets-overview";
import { useDepth, useTicker, useTickerSymbols } from "../../db/queries/market";
import { useSpotConfig } from "../../db/queries/spot";
import { useFreshness } from "../../db/sync-state";
import { sortBySymbol } from "../../lib/symbol-order";
import { watchMarket } from "../../sync/feeds";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { HouseCounterparty, RiskWarning } from "../../ui/notices";
import { OrderBookLadder } from "../../ui/trading/order-book-ladder";
import { PairBar } from "../../ui/trading/pair-bar";
import { TradingLayout } from "../../ui/trading/trading-layout";
import { MarketChartPanel } from "../../ui/market/market-chart-panel";
import { baseOf, quoteOf } from "../../lib/format/format-price";
import { PriceHeader } from "../../ui/market/price-header";
import { DEFAULT_SYMBOL } from "../../ui/market/symbol-picker";
import { oldest, ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { EMPTY_SPOT_FORM, type SpotFormState } from "./spot-draft";
import { SpotOrderPanel } from "./spot-order-panel";
import { SpotOrders } from "./spot-orders";
import "./spot.css";

const NO_FAVOURITES: ReadonlySet<string> = new Set();

export function SpotScreen(props: {
  /** The market to open (`?symbol=`), already normalised to "BTC/USDT". */
  symbol?: string;
  onSymbolChange?: (symbol: string) => void;
}) {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const [symbol, setSymbol] = useState(props.symbol ?? DEFAULT_SYMBOL);
  const [form, setForm] = useState<SpotFormState>(EMPTY_SPOT_FORM);
  const configRow = useSpotConfig(userId);
  const overview = useAssetsOverview(userId);
  // Only the list of symbols: the tickers themselves change with every flush of the feed, and
  // the book and the header read theirs below, so a burst does not render the whole screen.
  const tickerSymbols = useTickerSymbols();
  const favouritesRow = useFavourites();
  const accountFreshness = useFreshness("account");
  const config = configRow.status === "ready" ? (configRow.value?.config ?? null) : null;
  const pulledAt = overview.status === "ready" ? (overview.value?.pulledAt ?? null) : null;
  const favourites = favouritesRow.status === "ready" ? favouritesRow.value : NO_FAVOURITES;
  // The markets spot trades (its terms), else those with tickers, in the one shared order.
  const symbols = useMemo(() => {
    const known =
      config?.symbols.map((rules) => rules.symbol) ??
      (tickerSymbols.status === "ready" ? tickerSymbols.value : []);
    return sortBySymbol(known.includes(symbol) ? known : [symbol, ...known], (s) => s);
  }, [config, tickerSymbols, symbol]);
  const pickPrice = useCallback((price: string) => {
    setForm((current) => ({ ...current, type: 1, price }));
  }, []);

  // The ladder needs the book whether or not the chart (which also watches it) is shown.
  useEffect(() => watchMarket({ kind: "depth", symbol }), [symbol]);

  const choose = (next: string) => {
    // A new market starts a new form: the last price and steps are that market's.
    setSymbol(next);
    setForm(EMPTY_SPOT_FORM);
    props.onSymbolChange?.(next);
  };
  return (
    <ScreenFrame title={t`Spot`} testId="screen-spots">
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
        form={<SpotOrderPanel userId={userId} symbol={symbol} form={form} onFormChange={setForm} />}
        book={<SpotBook symbol={symbol} onPick={pickPrice} />}
        chart={<MarketChartPanel symbol={symbol} />}
      >
        <ScreenFreshness at={oldest([accountFreshness, pulledAt])} />
        <HouseCounterparty />
        <RiskWarning />
        <SpotOrdersMemo userId={userId} symbol={symbol} />
      </TradingLayout>
    </ScreenFrame>
  );
}

/** The user's orders render when their rows or the market change, not with the screen. */
const SpotOrdersMemo = memo(SpotOrders);

const NO_LEVELS: readonly (readonly [string, string])[] = [];

/** The ladder with its own reads of the book and the last price: it alone follows the feed. */
function SpotBook(props: { symbol: string; onPick: (price: string) => void }) {
  const { symbol } = props;
  const depthRow = useDepth(symbol);
  const tickerRow = useTicker(symbol);
  const depth = depthRow.status === "ready" ? depthRow.value : null;
  const last = tickerRow.status === "ready" ? (tickerRow.value?.last ?? null) : null;
  return (
    <OrderBookLadder
      asks={depth?.asks ?? NO_LEVELS}
      bids={depth?.bids ?? NO_LEVELS}
      last={last}
      base={baseOf(symbol)}
      quote={quoteOf(symbol)}
      onPick={props.onPick}
    />
  );
}
