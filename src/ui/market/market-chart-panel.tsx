// The market chart of a trading screen: interval tabs, candlesticks with volume, and the order
// book's depth, read from IndexedDB while watchMarket keeps those topics flowing into it.
// The charts (uPlot) load lazily, in their own chunk, only on the screens that show them.
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import type { KlineInterval } from "../../../protocol";
import { useCandles, useDepth, type CandleRow, type DepthRow } from "../../db/queries/market";
import { formatDateTime, parseServerTime } from "../../lib/time";
import { loadOlderCandles, watchMarket } from "../../sync/feeds";
import { inferPriceScale } from "../charts/candle-data";
import { IntervalSwitcher } from "../charts/interval-switcher";
import { useOffline } from "../app-state/screen-freshness";
import "./market-chart-panel.css";

const CandlestickChart = lazy(() =>
  import("../charts/candlestick-chart").then((m) => ({ default: m.CandlestickChart })),
);
const DepthChart = lazy(() =>
  import("../charts/depth-chart").then((m) => ({ default: m.DepthChart })),
);

/** Candles read at first: the size of the feed's snapshot. */
export const FIRST_PAGE = 300;
/** Candles added each time the user scrolls back to the oldest one shown. */
export const OLDER_PAGE = 300;

const NO_CANDLES: readonly CandleRow[] = [];

export interface MarketChartPanelProps {
  symbol: string;
  defaultInterval?: KlineInterval;
  /** Show the order book depth under the candles (default true). */
  showDepth?: boolean;
}

export function MarketChartPanel(props: MarketChartPanelProps) {
  const { symbol, showDepth = true } = props;
  const { t } = useLingui();
  const [interval, setChartInterval] = useState<KlineInterval>(props.defaultInterval ?? "1m");
  const key = `${symbol}|${interval}`;
  const [page, setPage] = useState({ key, limit: FIRST_PAGE });
  const limit = page.key === key ? page.limit : FIRST_PAGE;
  const candles = useCandles(symbol, interval, limit);
  const depth = useDepth(symbol);
  const offline = useOffline();
  const chartId = useId();

  useEffect(() => watchMarket({ kind: "kdata", symbol, interval }), [symbol, interval]);
  useEffect(
    () => (showDepth ? watchMarket({ kind: "depth", symbol }) : undefined),
    [symbol, showDepth],
  );

  // A larger page is a new live query that starts out "loading": keep showing the candles we
  // had meanwhile, so the chart (and the user's place in it) does not blink away.
  const [kept, setKept] = useState({ key, rows: NO_CANDLES });
  if (candles.status === "ready" && (kept.key !== key || kept.rows !== candles.value)) {
    setKept({ key, rows: candles.value });
  }
  const rows =
    candles.status === "ready" ? candles.value : kept.key === key ? kept.rows : NO_CANDLES;
  const priceScale = useMemo(() => inferPriceScale(rows), [rows]);

  const loadingOlder = useRef(false);
  const exhausted = useRef<string | null>(null);
  const onReachStart = () => {
    const oldest = rows[0];
    if (oldest === undefined || loadingOlder.current) return;
    const marker = `${key}|${oldest.openTime}`;
    // The server had nothing before this candle and the device shows all it holds.
    if (exhausted.current === marker && rows.length < limit) return;
    loadingOlder.current = true;
    const hadHidden = rows.length >= limit;
    loadOlderCandles(symbol, interval, oldest.openTime, OLDER_PAGE)
      .then((added) => {
        if (added === 0) exhausted.current = marker;
        return added > 0 || hadHidden;
      })
      // Offline or the server is away: the chart keeps what it has; panning back tries again.
      .catch(() => hadHidden)
      .then((grow) => {
        loadingOlder.current = false;
        if (!grow) return;
        setPage((current) =>
          // The user switched to another interval meanwhile and scrolled back there: keep that.
          current.key !== key && current.limit > FIRST_PAGE
            ? current
            : { key, limit: (current.key === key ? current.limit : FIRST_PAGE) + OLDER_PAGE },
        );
      });
  };

  const newest = rows[rows.length - 1];
  return (
    <section className="q-card q-chart-panel" data-testid="market-chart-panel" data-symbol={symbol}>
      <h2 className="q-visually-hidden">
        <Trans>Price chart</Trans>
      </h2>
      <IntervalSwitcher value={interval} onChange={setChartInterval} controls={chartId} />
      <div id={chartId} role="tabpanel" className="q-chart-panel__stage">
        <Suspense fallback={<div className="q-chart-panel__placeholder" />}>
          <CandlestickChart
            candles={rows}
            symbol={symbol}
            interval={interval}
            priceScale={priceScale}
            onReachStart={onReachStart}
          />
        </Suspense>
        {rows.length === 0 && (
          <p className="q-chart-panel__overlay q-muted" data-testid="chart-waiting">
            {candles.status === "error" ? (
              <Trans>The chart data could not be read on this device.</Trans>
            ) : candles.status === "loading" ? (
              <Trans>Loading chart…</Trans>
            ) : offline ? (
              <Trans>Offline — no chart data downloaded yet.</Trans>
            ) : (
              <Trans>Waiting for market data…</Trans>
            )}
          </p>
        )}
      </div>
      {offline && newest !== undefined && <NewestCandleAge openTime={newest.openTime} />}
      {showDepth && (
        <div className="q-chart-panel__depth">
          <h3 className="q-chart-panel__heading">
            <Trans>Order book depth</Trans>
          </h3>
          <Suspense fallback={<div className="q-chart-panel__placeholder--depth" />}>
            <DepthChart depth={depth.status === "ready" ? depth.value : null} />
          </Suspense>
          {!hasBook(depth.status === "ready" ? depth.value : null) && (
            <p className="q-muted q-chart-panel__note" data-testid="depth-waiting">
              {t`Waiting for the order book…`}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** A book with at least one level (the feed can deliver an empty one while a market halts). */
function hasBook(row: DepthRow | null): boolean {
  return row !== null && (row.bids.length > 0 || row.asks.length > 0);
}

/** Offline, the chart is as old as its newest candle: say when that one opened. */
function NewestCandleAge(props: { openTime: string }) {
  const { i18n } = useLingui();
  const opened = parseServerTime(props.openTime);
  const time = formatDateTime(opened, i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <p className="q-chart-panel__note q-muted" data-testid="chart-data-age">
      <time dateTime={opened.toISOString()}>
        <Trans>Offline — newest candle from {time}</Trans>
      </time>
    </p>
  );
}
