// The candlestick drawing math, apart from the canvas so it can be tested: where each body,
// wick and volume bar goes, given scale functions (value -> pixel) for x, price and volume.
// One uPlot plot holds both panes: the price scale is ranged so candles use the top part and
// the volume scale so bars use the bottom VOLUME_SHARE, with a small gap between.
import type { CandleColumns } from "./candle-data";

/** Fraction of the plot height the volume pane takes. */
export const VOLUME_SHARE = 0.2;
/** Fraction of the plot height kept empty between the candles and the volume bars. */
export const PANE_GAP = 0.04;
/** Fraction of a candle's slot its body fills. */
export const BODY_SHARE = 0.7;

export type ToPixel = (value: number) => number;

/** A price range with at least some height: a flat market still gets a visible band. */
function padded(min: number, max: number): [number, number] {
  const span = max - min;
  const pad = span > 0 ? span * 0.05 : Math.abs(max) * 0.001 || 1;
  return [min - pad, max + pad];
}

/**
 * The price scale's [min, max] for the visible candles' lowest low and highest high: padded,
 * then stretched downwards so the candles sit above the volume pane. `floor` is the lowest price
 * of the candle pane itself (price axis labels below it would sit in the volume pane).
 */
export function priceRange(
  dataMin: number | null,
  dataMax: number | null,
): { min: number; max: number; floor: number } {
  if (dataMin === null || dataMax === null || !Number.isFinite(dataMin + dataMax)) {
    return { min: 0, max: 1, floor: 0 };
  }
  const [low, high] = padded(Math.min(dataMin, dataMax), Math.max(dataMin, dataMax));
  const candleShare = 1 - VOLUME_SHARE - PANE_GAP;
  const below = ((high - low) * (1 - candleShare)) / candleShare;
  return { min: low - below, max: high, floor: low };
}

/** The volume scale's [min, max]: 0 at the bottom, the highest visible bar at VOLUME_SHARE. */
export function volumeRange(dataMax: number | null): [number, number] {
  if (dataMax === null || !Number.isFinite(dataMax) || dataMax <= 0) return [0, 1 / VOLUME_SHARE];
  return [0, dataMax / VOLUME_SHARE];
}

/**
 * Indices [first, last] of the candles that touch the x window (one slot of margin each side so
 * a half-visible candle at the edge is drawn), or null when none does.
 */
export function visibleRange(
  times: readonly number[],
  min: number,
  max: number,
  step: number,
): [number, number] | null {
  const first = lowerBound(times, min - step);
  let last = lowerBound(times, max + step);
  if (last >= times.length || (times[last] ?? Number.POSITIVE_INFINITY) > max + step) last -= 1;
  return first <= last ? [first, last] : null;
}

/** The first index whose time is >= value (times.length when none). */
function lowerBound(times: readonly number[], value: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Body width in pixels for a slot `slotPx` wide: odd (so the wick sits centred), at least 1. */
export function bodyWidth(slotPx: number): number {
  const width = Math.max(1, Math.floor(slotPx * BODY_SHARE));
  return width % 2 === 0 ? Math.max(1, width - 1) : width;
}

export interface CandleShape {
  index: number;
  rising: boolean;
  /** Left edge and width of the body (and of the volume bar). */
  left: number;
  width: number;
  /** Centre line of the wick. */
  centre: number;
  bodyTop: number;
  /** At least 1 px, so a candle that opens and closes at one price still shows a line. */
  bodyHeight: number;
  wickTop: number;
  wickBottom: number;
  volumeTop: number;
  volumeBottom: number;
}

/**
 * The shapes of candles first..last in pixels (y grows downwards, as on a canvas). `step` is the
 * interval in x units; pixel edges are rounded so bodies are crisp.
 */
export function candleShapes(
  cols: CandleColumns,
  [first, last]: [number, number],
  step: number,
  x: ToPixel,
  price: ToPixel,
  volume: ToPixel,
): CandleShape[] {
  const shapes: CandleShape[] = [];
  if (last < first) return shapes;
  const t0 = cols.time[first] ?? 0;
  const width = bodyWidth(Math.abs(x(t0 + step) - x(t0)));
  const half = (width - 1) / 2;
  const volumeBottom = Math.round(volume(0));
  for (let i = first; i <= last; i++) {
    const centre = Math.round(x(cols.time[i] ?? 0));
    const yOpen = price(cols.open[i] ?? 0);
    const yClose = price(cols.close[i] ?? 0);
    const bodyTop = Math.round(Math.min(yOpen, yClose));
    const bodyBottom = Math.round(Math.max(yOpen, yClose));
    const yHigh = Math.round(price(cols.high[i] ?? 0));
    const yLow = Math.round(price(cols.low[i] ?? 0));
    shapes.push({
      index: i,
      rising: cols.rising[i] ?? true,
      left: centre - half,
      width,
      centre,
      bodyTop,
      bodyHeight: Math.max(1, bodyBottom - bodyTop),
      wickTop: Math.min(yHigh, yLow),
      wickBottom: Math.max(yHigh, yLow),
      volumeTop: Math.min(Math.round(volume(cols.volume[i] ?? 0)), volumeBottom),
      volumeBottom,
    });
  }
  return shapes;
}
