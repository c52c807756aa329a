// An equity curve over uPlot: a backtest's or a walk-forward test's [time, USDT] points, with the
// starting capital dashed. Loaded lazily (uPlot stays out of the route chunk). Values become
// numbers only as plotting coordinates; the figures a person reads are the strings beside it.
import { useEffect, useMemo, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { priceAxisLabels, timeAxisLabels } from "../../ui/charts/axis-labels";
import {
  axisFontStyle,
  readChartTheme,
  withAlpha,
  type ChartTheme,
} from "../../ui/charts/chart-theme";
import { followHost, plotSize } from "../../ui/charts/plot-host";
import { lineRange } from "../../ui/charts/price-line-data";
import "../../ui/charts/charts.css";

export interface EquityChartProps {
  /** [ISO time, equity in USDT] as the result carries them. */
  points: readonly (readonly [string, string])[];
  /** The starting capital, dashed (or null). */
  base: string | null;
  locale: string;
  testId?: string;
}

interface EquityState {
  base: number | null;
  locale: string;
  theme: ChartTheme;
}

const hidden = { show: false };

/** uPlot's columns: Unix seconds and equity; unreadable points are left out. */
export function equityColumns(points: EquityChartProps["points"]): [number[], number[]] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [time, value] of points) {
    const at = Date.parse(time);
    const equity = Number(value);
    if (Number.isFinite(at) && Number.isFinite(equity)) {
      xs.push(at / 1000);
      ys.push(equity);
    }
  }
  return [xs, ys];
}

function drawBase(u: uPlot, state: EquityState): void {
  if (state.base === null) return;
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const ratio = window.devicePixelRatio || 1;
  const y = Math.round(u.valToPos(state.base, "y", true));
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.strokeStyle = state.theme.text;
  ctx.lineWidth = Math.max(1, Math.round(ratio));
  ctx.setLineDash([6 * ratio, 4 * ratio]);
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + width, y);
  ctx.stroke();
  ctx.restore();
}

function equityOptions(state: EquityState, size: { width: number; height: number }): uPlot.Options {
  const grid = { stroke: () => state.theme.grid, width: 1 };
  const ticks = { stroke: () => state.theme.grid, width: 1, size: 4 };
  return {
    ...size,
    legend: hidden,
    padding: [8, 0, 0, 4],
    cursor: { drag: { x: false, y: false, setScale: false }, points: hidden },
    scales: {
      x: { time: false },
      y: { range: (_u, min, max) => lineRange(min ?? null, max ?? null, state.base) },
    },
    series: [
      {},
      {
        stroke: () => state.theme.accent,
        fill: () => withAlpha(state.theme.accent, 0.08),
        width: 1.5,
        points: hidden,
      },
    ],
    axes: [
      {
        scale: "x",
        font: axisFontStyle,
        stroke: () => state.theme.text,
        grid,
        ticks,
        space: 70,
        values: (_u, splits, _axis, _space, increment) =>
          timeAxisLabels(splits, increment, state.locale),
      },
      {
        scale: "y",
        side: 1,
        font: axisFontStyle,
        stroke: () => state.theme.text,
        grid,
        ticks,
        size: 70,
        values: (_u, splits, _axis, _space, increment) =>
          priceAxisLabels(splits, increment, 2, state.locale),
      },
    ],
    hooks: { draw: [(u) => drawBase(u, state)] },
  };
}

export function EquityChart(props: EquityChartProps) {
  const plotRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const stateRef = useRef<EquityState | null>(null);
  const columns = useMemo(() => equityColumns(props.points), [props.points]);

  useEffect(() => {
    const element = plotRef.current;
    if (element === null) return;
    const state: EquityState = { base: null, locale: "en", theme: readChartTheme(element) };
    const u = new uPlot(equityOptions(state, plotSize(element)), [[], []], element);
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
    state.base = props.base === null ? null : Number(props.base);
    state.locale = props.locale;
    u.setData(columns, true);
  }, [columns, props.base, props.locale]);

  return (
    <div className="q-chart" data-testid={props.testId} data-points={columns[0].length}>
      <div className="q-chart__plot q-quant__plot" ref={plotRef} />
    </div>
  );
}
