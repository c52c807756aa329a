// Depth chart over uPlot: cumulative bids and asks around the mid price, with a crosshair
// readout of the price level and its cumulative quantity. Book updates (up to 10 a second) go
// in through setData on the one instance.
import { Trans, useLingui } from "@lingui/react/macro";
import { legendNumber } from "./legend-number";
import { useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { fractionDigits } from "./candle-data";
import { readChartTheme } from "./chart-theme";
import { followHost, plotSize } from "./plot-host";
import {
  cumulativeDepth,
  depthAlignedData,
  depthAt,
  depthPriceRange,
  type CumulativeDepth,
  type DepthInput,
  type DepthPoint,
} from "./depth-data";
import { depthPlotOptions, type DepthPlotState } from "./depth-plot";
import "./charts.css";

export interface DepthChartProps {
  /** The latest order book (best levels first), or null before one arrived. */
  depth: DepthInput | null;
  /** Decimal places of a price; by default the most any level is written with. */
  priceScale?: number;
}

const pointKey = (point: DepthPoint | null) =>
  point === null ? "" : `${point.side}|${point.step.price}`;

function inferScale(depth: CumulativeDepth): number {
  const prices = [...depth.bids, ...depth.asks].map((step) => fractionDigits(step.price));
  return Math.max(0, ...prices);
}

export function DepthChart(props: DepthChartProps) {
  const { i18n } = useLingui();
  const plotRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const stateRef = useRef<DepthPlotState | null>(null);
  const cumRef = useRef<CumulativeDepth | null>(null);
  const [hoverPrice, setHoverPrice] = useState<number | null>(null);

  const cum = useMemo(
    () => (props.depth === null ? null : cumulativeDepth(props.depth)),
    [props.depth],
  );
  const priceScale = props.priceScale ?? (cum === null ? 2 : inferScale(cum));
  const locale = i18n.locale;

  useEffect(() => {
    const element = plotRef.current;
    if (element === null) return;
    const state: DepthPlotState = {
      mid: null,
      range: null,
      priceScale: 2,
      locale: "en",
      theme: readChartTheme(element),
    };
    let lastKey = "";
    const u = new uPlot(
      depthPlotOptions(state, plotSize(element), (price) => {
        // Re-render only when the pointer crosses onto another level, not on every pixel.
        const current = cumRef.current;
        const key = price === null || current === null ? "" : pointKey(depthAt(current, price));
        if (key === lastKey && price !== null) return;
        lastKey = key;
        setHoverPrice(price);
      }),
      [[], [], []],
      element,
    );
    uplotRef.current = u;
    stateRef.current = state;
    const unfollowHost = followHost(u, element, state);
    return () => {
      unfollowHost();
      u.destroy();
      uplotRef.current = null;
      stateRef.current = null;
    };
  }, []);

  useEffect(() => {
    const u = uplotRef.current;
    const state = stateRef.current;
    cumRef.current = cum;
    if (u === null || state === null) return;
    // A plotting coordinate only; the legend shows the string.
    state.mid = cum === null || cum.mid === null ? null : Number(cum.mid);
    state.range = cum === null ? null : depthPriceRange(cum);
    state.priceScale = priceScale;
    state.locale = locale;
    u.setData(cum === null ? [[], [], []] : depthAlignedData(cum), true);
  }, [cum, priceScale, locale]);

  const point = cum !== null && hoverPrice !== null ? depthAt(cum, hoverPrice) : null;
  return (
    <div
      className="q-chart"
      data-testid="depth-chart"
      data-levels={cum === null ? 0 : cum.bids.length + cum.asks.length}
    >
      <DepthLegend depth={cum} point={point} />
      <div className="q-chart__plot q-chart__plot--depth" ref={plotRef} />
    </div>
  );
}

function DepthLegend(props: { depth: CumulativeDepth | null; point: DepthPoint | null }) {
  const { depth, point } = props;
  const { i18n } = useLingui();
  if (point !== null) {
    const price = legendNumber(point.step.price, i18n.locale);
    const total = legendNumber(point.step.cum, i18n.locale);
    return (
      <p
        className={`q-chart__legend ${point.side === "bid" ? "q-up" : "q-down"}`}
        data-testid="depth-legend"
        data-side={point.side}
      >
        {point.side === "bid" ? (
          <Trans>
            Bids to {price}: {total}
          </Trans>
        ) : (
          <Trans>
            Asks to {price}: {total}
          </Trans>
        )}
      </p>
    );
  }
  const mid = depth?.mid == null ? null : legendNumber(depth.mid, i18n.locale);
  return (
    <p className="q-chart__legend" data-testid="depth-legend" data-side="">
      {mid === null ? "—" : <Trans>Mid price {mid}</Trans>}
    </p>
  );
}
