// A live line of the last prices over uPlot, for the options screen: the price as it moves, and
// while an option is open its entry level (dashed) and its expiry (a vertical line). The data
// comes in as props (points with decimal strings); one uPlot instance takes it through setData.
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { accentLineOptions, drawDashedLevel } from "./accent-line-options";
import { readChartTheme, type ChartTheme } from "./chart-theme";
import { followHost, plotSize } from "./plot-host";
import { lineColumns, lineWindow, type PricePoint } from "./price-line-data";
import "./charts.css";

export interface PriceLineChartProps {
  points: readonly PricePoint[];
  /** The time shown, in milliseconds up to now (or to `endAt`). */
  spanMs: number;
  /** The level to mark (an option's entry price), or null. */
  level: string | null;
  /** A time to mark (an option's expiry, epoch ms), or null. */
  endAt: number | null;
  priceScale: number;
  locale: string;
  testId?: string;
}

interface LineState {
  level: number | null;
  endAt: number | null;
  window: [number, number];
  priceScale: number;
  locale: string;
  theme: ChartTheme;
}

function drawMarks(u: uPlot, state: LineState): void {
  if (state.level !== null) drawDashedLevel(u, state.level, state.theme.accent);
  if (state.endAt === null) return;
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const ratio = window.devicePixelRatio || 1;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.lineWidth = Math.max(1, Math.round(ratio));
  const x = Math.round(u.valToPos(state.endAt / 1000, "x", true));
  ctx.strokeStyle = state.theme.text;
  ctx.setLineDash([2 * ratio, 3 * ratio]);
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x, top + height);
  ctx.stroke();
  ctx.restore();
}

function lineOptions(state: LineState, size: { width: number; height: number }): uPlot.Options {
  return accentLineOptions(state, size, {
    level: () => state.level,
    priceScale: () => state.priceScale,
    xRange: () => state.window,
    draw: (u) => drawMarks(u, state),
  });
}

export function PriceLineChart(props: PriceLineChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const stateRef = useRef<LineState | null>(null);
  const columns = useMemo(() => lineColumns(props.points), [props.points]);
  const newest = props.points[props.points.length - 1]?.at ?? null;

  useEffect(() => {
    const element = plotRef.current;
    if (element === null) return;
    const state: LineState = {
      level: null,
      endAt: null,
      window: [0, 1],
      priceScale: 2,
      locale: "en",
      theme: readChartTheme(element),
    };
    const u = new uPlot(lineOptions(state, plotSize(element)), [[], []], element);
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
    if (u === null || state === null) return;
    // A plotting coordinate only; what a person reads is the string elsewhere on the screen.
    state.level = props.level === null ? null : Number(props.level);
    state.endAt = props.endAt;
    state.window = lineWindow(Math.max(Date.now(), newest ?? 0), props.spanMs, props.endAt);
    state.priceScale = props.priceScale;
    state.locale = props.locale;
    u.setData(columns, true);
  }, [columns, newest, props.level, props.endAt, props.spanMs, props.priceScale, props.locale]);

  return (
    <div className="q-chart" data-testid={props.testId} data-points={props.points.length}>
      <div className="q-chart__plot q-chart__plot--line" ref={plotRef} />
    </div>
  );
}
