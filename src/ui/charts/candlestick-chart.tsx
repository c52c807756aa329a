// Candlestick chart with volume over uPlot. One uPlot instance lives as long as the component:
// new or changed candles go in through setData, never through a new instance, and the user's
// pan/zoom window survives them (chart-window.ts says when it follows the newest candle).
import { useLingui } from "@lingui/react/macro";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { INTERVAL_MS, type KlineInterval } from "../../../protocol";
import { alignedData, candleColumns, type CandleColumns, type CandleInput } from "./candle-data";
import { CandleLegend } from "./candle-legend";
import { candlePlotOptions, type CandlePlotState } from "./candle-plot";
import { attachGestures } from "./chart-gestures";
import { readChartTheme } from "./chart-theme";
import { followHost, plotSize } from "./plot-host";
import {
  atStart,
  DEFAULT_VISIBLE_CANDLES,
  followWindow,
  windowLimits,
  type WindowLimits,
  type XWindow,
} from "./chart-window";
import "./charts.css";

export interface CandlestickChartProps {
  /** Oldest first, as stored (decimal strings). */
  candles: readonly CandleInput[];
  symbol: string;
  interval: KlineInterval;
  /** Decimal places of the symbol's prices (the price axis never shows more). */
  priceScale: number;
  /**
   * Called when the user pans or zooms until the oldest loaded candle is in view (again after
   * they moved away from it): the place to load older candles.
   */
  onReachStart?: () => void;
  /** Candles across the plot when it opens or the symbol or interval changes. */
  initialCount?: number;
}

const EMPTY: CandleColumns = {
  time: [],
  open: [],
  high: [],
  low: [],
  close: [],
  volume: [],
  rising: [],
};

interface View {
  /** symbol|interval the window belongs to; another one starts from the default window. */
  key: string;
  win: XWindow;
  limits: WindowLimits;
}

export function CandlestickChart(props: CandlestickChartProps) {
  const { i18n } = useLingui();
  const plotRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const stateRef = useRef<CandlePlotState | null>(null);
  const viewRef = useRef<View | null>(null);
  const onReachStartRef = useRef(props.onReachStart);
  const [hover, setHover] = useState<number | null>(null);

  const cols = useMemo(() => candleColumns(props.candles), [props.candles]);
  const step = INTERVAL_MS[props.interval] / 1000;
  const key = `${props.symbol}|${props.interval}`;
  const initialCount = props.initialCount ?? DEFAULT_VISIBLE_CANDLES;
  const locale = i18n.locale;

  useLayoutEffect(() => {
    onReachStartRef.current = props.onReachStart;
  });

  // Created once; everything that changes later reaches it through `state` and setData.
  useEffect(() => {
    const element = plotRef.current;
    if (element === null) return;
    const state: CandlePlotState = {
      cols: EMPTY,
      step: 60,
      priceScale: 2,
      locale: "en",
      theme: readChartTheme(element),
      priceFloor: 0,
    };
    const u = new uPlot(
      candlePlotOptions(state, plotSize(element), setHover),
      alignedData(EMPTY),
      element,
    );
    uplotRef.current = u;
    stateRef.current = state;

    const detachGestures = attachGestures({
      element: u.over,
      getWindow: () => viewRef.current?.win ?? null,
      getLimits: () => viewRef.current?.limits ?? null,
      setWindow: (win) => {
        const view = viewRef.current;
        if (view === null) return;
        const wasAtStart = atStart(view.win, view.limits);
        view.win = win;
        u.setScale("x", win);
        if (!wasAtStart && atStart(win, view.limits)) onReachStartRef.current?.();
      },
    });
    const unfollowHost = followHost(u, element, state);
    return () => {
      unfollowHost();
      detachGestures();
      u.destroy();
      uplotRef.current = null;
      stateRef.current = null;
      viewRef.current = null;
    };
  }, []);

  // New data (or scale, locale, symbol, interval): setData on the same instance.
  useEffect(() => {
    const u = uplotRef.current;
    const state = stateRef.current;
    if (u === null || state === null) return;
    state.cols = cols;
    state.step = step;
    state.priceScale = props.priceScale;
    state.locale = locale;
    const limits = windowLimits(cols.time, step, initialCount);
    if (limits === null) {
      viewRef.current = null;
      u.setData(alignedData(cols), true);
      return;
    }
    const previous = viewRef.current?.key === key ? viewRef.current : null;
    const win = followWindow(previous, limits, initialCount);
    viewRef.current = { key, win, limits };
    u.batch(() => {
      // resetScales=false: the x window is ours; setting it re-ranges price and volume.
      u.setData(alignedData(cols), false);
      u.setScale("x", win);
    });
  }, [cols, step, key, props.priceScale, locale, initialCount]);

  // A hovered index from before the data changed may be gone; then the newest candle shows.
  const shown = hover !== null && hover < props.candles.length ? hover : props.candles.length - 1;
  return (
    <div
      className="q-chart"
      data-testid="market-chart"
      data-symbol={props.symbol}
      data-interval={props.interval}
      data-candles={props.candles.length}
    >
      <CandleLegend
        candle={props.candles[shown]}
        rising={cols.rising[shown] ?? true}
        hovering={shown === hover}
      />
      <div className="q-chart__plot" ref={plotRef} />
    </div>
  );
}
