// The uPlot configuration of the candlestick chart: scales, axes, cursor, and the draw hook that
// paints candles and volume bars from candle-geometry.ts. The plot reads what changes (candles,
// price scale, locale, theme) from one mutable state object, so live data never rebuilds it.
import type uPlot from "uplot";
import { priceAxisLabels, timeAxisLabels } from "./axis-labels";
import type { CandleColumns } from "./candle-data";
import { candleShapes, priceRange, visibleRange, volumeRange } from "./candle-geometry";
import { axisFontStyle, type ChartTheme } from "./chart-theme";

export interface CandlePlotState {
  cols: CandleColumns;
  /** The interval in seconds. */
  step: number;
  priceScale: number;
  locale: string;
  theme: ChartTheme;
  /** Lowest price of the candle pane, set when the price scale is ranged. */
  priceFloor: number;
}

const noPath = () => null;
const hidden = { show: false };

function drawCandles(u: uPlot, state: CandlePlotState): void {
  const { min, max } = u.scales["x"] ?? {};
  if (min === undefined || max === undefined) return;
  const range = visibleRange(state.cols.time, min, max, state.step);
  if (range === null) return;
  const shapes = candleShapes(
    state.cols,
    range,
    state.step,
    (v) => u.valToPos(v, "x", true),
    (v) => u.valToPos(v, "price", true),
    (v) => u.valToPos(v, "volume", true),
  );
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const wick = Math.max(1, Math.round(window.devicePixelRatio || 1));
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  for (const rising of [true, false]) {
    ctx.fillStyle = rising ? state.theme.up : state.theme.down;
    ctx.globalAlpha = 0.35;
    for (const s of shapes) {
      if (s.rising === rising && s.volumeBottom > s.volumeTop) {
        ctx.fillRect(s.left, s.volumeTop, s.width, s.volumeBottom - s.volumeTop);
      }
    }
    ctx.globalAlpha = 1;
    for (const s of shapes) {
      if (s.rising !== rising) continue;
      ctx.fillRect(s.centre - Math.floor(wick / 2), s.wickTop, wick, s.wickBottom - s.wickTop);
      ctx.fillRect(s.left, s.bodyTop, s.width, s.bodyHeight);
    }
  }
  ctx.restore();
}

/** Width of the price axis: enough for its longest label. */
function priceAxisSize(_u: uPlot, values: string[] | null): number {
  const longest = Math.max(0, ...(values ?? []).map((v) => v.length));
  return Math.max(40, Math.ceil(longest * 6.5) + 14);
}

export function candlePlotOptions(
  state: CandlePlotState,
  size: { width: number; height: number },
  onCursor: (index: number | null) => void,
): uPlot.Options {
  const grid = { stroke: () => state.theme.grid, width: 1 };
  const ticks = { stroke: () => state.theme.grid, width: 1, size: 4 };
  const belowFloor = (_u: uPlot, splits: number[]) =>
    splits.map((v) => (v >= state.priceFloor ? v : null));
  return {
    ...size,
    // Unix seconds on x (uPlot's default unit).
    ms: 1e-3,
    legend: hidden,
    padding: [8, 0, 0, 4],
    cursor: {
      // Dragging pans (chart-gestures.ts) instead of uPlot's drag-to-select zoom.
      drag: { x: false, y: false, setScale: false },
      points: hidden,
      focus: { prox: -1 },
    },
    scales: {
      x: { time: true, range: (_u, min, max) => [min, max] },
      price: {
        range: (_u, min, max) => {
          const r = priceRange(min, max);
          state.priceFloor = r.floor;
          return [r.min, r.max];
        },
      },
      volume: { range: (_u, _min, max) => volumeRange(max) },
    },
    series: [
      {},
      // Open and close lie within high and low: only those two range the price scale.
      { scale: "price", auto: false, paths: noPath, points: hidden },
      { scale: "price", paths: noPath, points: hidden },
      { scale: "price", paths: noPath, points: hidden },
      { scale: "price", auto: false, paths: noPath, points: hidden },
      { scale: "volume", paths: noPath, points: hidden },
    ],
    axes: [
      {
        scale: "x",
        font: axisFontStyle,
        stroke: () => state.theme.text,
        grid,
        ticks,
        space: 70,
        size: 42,
        values: (_u, splits, _axis, _space, increment) =>
          timeAxisLabels(splits, increment, state.locale),
      },
      {
        scale: "price",
        side: 1,
        font: axisFontStyle,
        stroke: () => state.theme.text,
        grid: { ...grid, filter: belowFloor },
        ticks: { ...ticks, filter: belowFloor },
        filter: belowFloor,
        size: priceAxisSize,
        space: 36,
        values: (_u, splits, _axis, _space, increment) =>
          priceAxisLabels(splits, increment, state.priceScale, state.locale),
      },
    ],
    hooks: {
      draw: [(u) => drawCandles(u, state)],
      setCursor: [(u) => onCursor(u.cursor.idx ?? null)],
    },
  };
}
