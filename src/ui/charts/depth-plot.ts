// The uPlot configuration of the depth chart: cumulative bids (left, "up" colour) and asks
// (right, "down" colour) as stepped areas, price on x centred on the mid price, a dashed
// marker at the mid. Changing values come from one mutable state object.
import uPlot from "uplot";
import { priceAxisLabels } from "./axis-labels";
import { axisFontStyle, withAlpha, type ChartTheme } from "./chart-theme";

export interface DepthPlotState {
  /** The mid price as a plotting coordinate, or null when a side is empty. */
  mid: number | null;
  /** The x range centred on the mid, or null to let uPlot range the data. */
  range: [number, number] | null;
  priceScale: number;
  locale: string;
  theme: ChartTheme;
}

const hidden = { show: false };

function drawMid(u: uPlot, state: DepthPlotState): void {
  if (state.mid === null) return;
  const x = Math.round(u.valToPos(state.mid, "x", true));
  const { top, height } = u.bbox;
  const ratio = window.devicePixelRatio || 1;
  const { ctx } = u;
  ctx.save();
  ctx.strokeStyle = state.theme.text;
  ctx.lineWidth = Math.max(1, Math.round(ratio));
  ctx.setLineDash([4 * ratio, 4 * ratio]);
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x, top + height);
  ctx.stroke();
  ctx.restore();
}

/** Quantity ticks: whole numbers when they step by 1 or more, else two decimals. */
function quantityLabels(splits: number[], increment: number, locale: string): string[] {
  return priceAxisLabels(splits, increment, increment >= 1 ? 0 : 2, locale);
}

export function depthPlotOptions(
  state: DepthPlotState,
  size: { width: number; height: number },
  onCursorPrice: (price: number | null) => void,
): uPlot.Options {
  const grid = { stroke: () => state.theme.grid, width: 1 };
  const ticks = { stroke: () => state.theme.grid, width: 1, size: 4 };
  return {
    ...size,
    legend: hidden,
    padding: [8, 0, 0, 4],
    cursor: {
      drag: { x: false, y: false, setScale: false },
      points: hidden,
      focus: { prox: -1 },
    },
    scales: {
      x: { time: false, range: (_u, min, max) => state.range ?? [min, max] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] },
    },
    series: [
      {},
      {
        stroke: () => state.theme.up,
        fill: () => withAlpha(state.theme.up, 0.18),
        width: 1.5,
        // A bid's total holds from its price down to the next deeper bid.
        paths: uPlot.paths.stepped?.({ align: -1 }),
        points: hidden,
      },
      {
        stroke: () => state.theme.down,
        fill: () => withAlpha(state.theme.down, 0.18),
        width: 1.5,
        // An ask's total holds from its price up to the next deeper ask.
        paths: uPlot.paths.stepped?.({ align: 1 }),
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
        space: 80,
        values: (_u, splits, _axis, _space, increment) =>
          priceAxisLabels(splits, increment, state.priceScale, state.locale),
      },
      {
        scale: "y",
        side: 1,
        font: axisFontStyle,
        stroke: () => state.theme.text,
        grid,
        ticks,
        size: 50,
        values: (_u, splits, _axis, _space, increment) =>
          quantityLabels(splits, increment, state.locale),
      },
    ],
    hooks: {
      draw: [(u) => drawMid(u, state)],
      setCursor: [
        (u) => {
          const left = u.cursor.left;
          onCursorPrice(left === undefined || left < 0 ? null : u.posToVal(left, "x"));
        },
      ],
    },
  };
}
