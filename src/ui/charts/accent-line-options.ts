// The one look of a single accent line over uPlot (the options screen's price line, a quant
// backtest's equity curve): filled accent stroke, time axis below, price axis on the right, the
// y range kept around a marked level. Each chart passes what differs as readers of its own
// mutable state, so uPlot picks up new values on every redraw without new options.
import type uPlot from "uplot";
import { priceAxisLabels, timeAxisLabels } from "./axis-labels";
import { axisFontStyle, withAlpha, type ChartTheme } from "./chart-theme";
import { lineRange } from "./price-line-data";

export interface AccentLineState {
  locale: string;
  theme: ChartTheme;
}

export interface AccentLineParts {
  /** The level the y range keeps in view (an entry price, the starting capital), or null. */
  level: () => number | null;
  /** Decimal places of the price axis labels. */
  priceScale: () => number;
  /** A fixed x window (Unix seconds), or undefined to fit the data. */
  xRange?: () => [number, number];
  /** Marks drawn over the plot after each redraw. */
  draw: (u: uPlot) => void;
}

const hidden = { show: false };

export function accentLineOptions(
  state: AccentLineState,
  size: { width: number; height: number },
  parts: AccentLineParts,
): uPlot.Options {
  const grid = { stroke: () => state.theme.grid, width: 1 };
  const ticks = { stroke: () => state.theme.grid, width: 1, size: 4 };
  const { xRange } = parts;
  return {
    ...size,
    legend: hidden,
    padding: [8, 0, 0, 4],
    cursor: { drag: { x: false, y: false, setScale: false }, points: hidden },
    scales: {
      x: xRange === undefined ? { time: false } : { time: false, range: () => xRange() },
      y: { range: (_u, min, max) => lineRange(min ?? null, max ?? null, parts.level()) },
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
          priceAxisLabels(splits, increment, parts.priceScale(), state.locale),
      },
    ],
    hooks: { draw: [parts.draw] },
  };
}

/** A dashed horizontal line at `value` across the plot, clipped to it. */
export function drawDashedLevel(u: uPlot, value: number, color: string): void {
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const ratio = window.devicePixelRatio || 1;
  const y = Math.round(u.valToPos(value, "y", true));
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.strokeStyle = color;
  ctx.lineWidth = Math.max(1, Math.round(ratio));
  ctx.setLineDash([6 * ratio, 4 * ratio]);
  ctx.beginPath();
  ctx.moveTo(left, y);
  ctx.lineTo(left + width, y);
  ctx.stroke();
  ctx.restore();
}
