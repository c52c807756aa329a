// The chart of /options: the live line of the last prices (default), with the open option's
// entry level and expiry and its countdown, or the candles (the shared market chart) one tap
// away. "Save as image" keeps this card. uPlot loads lazily, in its own chunk.
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { OptionTick } from "../../../protocol/options";
import { useCandles, useTicker } from "../../db/queries/market";
import type { OptionsOrderRow } from "../../db/queries/options";
import { scaleOf } from "../../lib/format/format-price";
import { watchMarket } from "../../sync/feeds";
import { MarketChartPanel } from "../../ui/market/market-chart-panel";
import { Countdown } from "./countdown";
import { priceLine, receivedLine, receiveTicker } from "./price-line";
import { SaveImageButton } from "./save-image-button";

const PriceLineChart = lazy(() =>
  import("../../ui/charts/price-line-chart").then((m) => ({ default: m.PriceLineChart })),
);

/** Five minutes: the longest product and the minutes before it. */
const LINE_SPAN_MS = 5 * 60_000;
/** Minute candles read for the line's history before the screen opened. */
const HISTORY_CANDLES = 7;

type ChartView = "live" | "candles";

export function OptionsChartCard(props: {
  symbol: string;
  openOrder: OptionsOrderRow | null;
  entry: OptionTick | null;
}) {
  const { symbol, openOrder, entry } = props;
  const { i18n } = useLingui();
  const [view, setView] = useState<ChartView>("live");
  const captureRef = useRef<HTMLDivElement>(null);
  // The open option of this market only: another market's entry means nothing on this line.
  const order = openOrder !== null && openOrder.symbol === symbol ? openOrder : null;
  const tab = (id: ChartView, label: ReactNode) => (
    <button
      type="button"
      role="tab"
      className="q-tabs__tab"
      aria-selected={view === id}
      onClick={() => setView(id)}
      data-testid={`options-chart-${id}`}
    >
      {label}
    </button>
  );
  return (
    <section className="q-options-chart" data-testid="options-chart-card">
      <div className="q-options__capture" ref={captureRef}>
        <div className="q-tabs" role="tablist">
          {tab("live", <Trans>Live</Trans>)}
          {tab("candles", <Trans>Candles</Trans>)}
        </div>
        {view === "live" ? (
          <LiveLine symbol={symbol} order={order} entry={entry} locale={i18n.locale} />
        ) : (
          <MarketChartPanel symbol={symbol} />
        )}
      </div>
      <div className="q-options__actions">
        <SaveImageButton target={captureRef} symbol={symbol} />
      </div>
    </section>
  );
}

function LiveLine(props: {
  symbol: string;
  order: OptionsOrderRow | null;
  entry: OptionTick | null;
  locale: string;
}) {
  const { symbol, order, entry } = props;
  const tickerRow = useTicker(symbol);
  const candlesRow = useCandles(symbol, "1m", HISTORY_CANDLES);
  const ticker = tickerRow.status === "ready" ? tickerRow.value : null;
  // Each new ticker row adds its price to the kept line; adding is idempotent (once per tick
  // time), so doing it while rendering is safe under React's double renders.
  const live = useMemo(
    () => (ticker === null ? receivedLine(symbol) : receiveTicker(ticker)),
    [symbol, ticker],
  );

  useEffect(() => watchMarket({ kind: "kdata", symbol, interval: "1m" }), [symbol]);

  const candles = candlesRow.status === "ready" ? candlesRow.value : null;
  const points = useMemo(() => priceLine(candles ?? [], live), [candles, live]);
  const priceScale = ticker === null ? 2 : scaleOf(ticker.last);
  return (
    <div className="q-card q-options-line">
      <Suspense fallback={<div className="q-chart-panel__placeholder" />}>
        <PriceLineChart
          points={points}
          spanMs={LINE_SPAN_MS}
          level={entry?.price ?? null}
          endAt={order === null ? null : Date.parse(order.expiresAt)}
          priceScale={priceScale}
          locale={props.locale}
          testId="options-chart"
        />
      </Suspense>
      {points.length === 0 && (
        <p className="q-chart-panel__overlay q-muted" data-testid="options-chart-waiting">
          <Trans>Waiting for market data…</Trans>
        </p>
      )}
      {order !== null && (
        <p className="q-options-line__legend">
          {entry === null ? (
            <Trans>Entry: the first tick after acceptance</Trans>
          ) : (
            <EntryLegend seq={entry.seq} />
          )}{" "}
          · <Countdown expiresAt={order.expiresAt} />
        </p>
      )}
    </div>
  );
}

function EntryLegend(props: { seq: string }) {
  const seq = props.seq;
  return <Trans>Dashed line: entry, tick #{seq}</Trans>;
}
