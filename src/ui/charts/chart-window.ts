// The visible time window of the candlestick chart: pan, zoom, clamping, and what happens to
// it when data arrives. Pure numbers in x units (Unix seconds), so it is tested without a canvas.
//
// The rule for live data: a user who is looking at the newest candle (the right edge) keeps
// following it as candles arrive; a user who panned or zoomed into history keeps that exact
// window, however many candles arrive or are loaded before it.

export interface XWindow {
  min: number;
  max: number;
}

export interface WindowLimits {
  /** Left edge of the oldest candle's slot and right edge of the newest one's. */
  start: number;
  end: number;
  /** One candle's slot (the interval) in x units. */
  step: number;
  minSpan: number;
  maxSpan: number;
}

/** Zooming in stops at this many candles across the plot. */
export const MIN_VISIBLE_CANDLES = 8;
/** Candles across the plot when it opens or the symbol or interval changes. */
export const DEFAULT_VISIBLE_CANDLES = 60;

/**
 * The limits for candles at `times` (ascending, x units) `step` apart, or null for none. Zooming
 * out stops when all candles fit, or at `defaultCount` slots when there are fewer candles.
 */
export function windowLimits(
  times: readonly number[],
  step: number,
  defaultCount = DEFAULT_VISIBLE_CANDLES,
): WindowLimits | null {
  const first = times[0];
  const last = times[times.length - 1];
  if (first === undefined || last === undefined) return null;
  const start = first - step / 2;
  const end = last + step / 2;
  const maxSpan = Math.max(end - start, defaultCount * step);
  return { start, end, step, minSpan: Math.min(MIN_VISIBLE_CANDLES * step, maxSpan), maxSpan };
}

const clampNumber = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), high);

/**
 * The nearest allowed window: its span within [minSpan, maxSpan] (kept centred when it has to
 * change), and inside the data. A span that holds every candle is pinned to the right edge, so
 * the empty room is on the left, before the first candle, as in a young market.
 */
export function clampWindow(win: XWindow, limits: WindowLimits): XWindow {
  const span = clampNumber(win.max - win.min, limits.minSpan, limits.maxSpan);
  if (span >= limits.end - limits.start) return { min: limits.end - span, max: limits.end };
  const centre = (win.min + win.max) / 2;
  const min = clampNumber(centre - span / 2, limits.start, limits.end - span);
  return { min, max: min + span };
}

export function defaultWindow(limits: WindowLimits, count = DEFAULT_VISIBLE_CANDLES): XWindow {
  return clampWindow({ min: limits.end - count * limits.step, max: limits.end }, limits);
}

/** Move the window by `delta` x units (positive = later), within the data. */
export function panWindow(win: XWindow, delta: number, limits: WindowLimits): XWindow {
  return clampWindow({ min: win.min + delta, max: win.max + delta }, limits);
}

/**
 * Zoom to `span` keeping the x value `anchor` at the same place on screen: `anchorFraction` is
 * where the anchor sits across the plot (0 left, 1 right). Used by wheel and pinch alike.
 */
export function zoomWindow(
  anchor: number,
  anchorFraction: number,
  span: number,
  limits: WindowLimits,
): XWindow {
  const fraction = clampNumber(anchorFraction, 0, 1);
  const bounded = clampNumber(span, limits.minSpan, limits.maxSpan);
  const min = anchor - fraction * bounded;
  // The span is already bounded, so clamping can only slide the window back inside the data.
  return clampWindow({ min, max: min + bounded }, limits);
}

/** Within half a candle of the newest candle's right edge. */
export function atRightEdge(win: XWindow, limits: WindowLimits): boolean {
  return win.max >= limits.end - limits.step / 2;
}

/** The oldest loaded candle is (at least half) in view. */
export function atStart(win: XWindow, limits: WindowLimits): boolean {
  return win.min <= limits.start + limits.step / 2;
}

/**
 * The window after new data: the default for a first load (`previous` null); shifted to the new
 * right edge when the user was at the old one (same span); otherwise the user's window as it was,
 * only clamped to the new data.
 */
export function followWindow(
  previous: { win: XWindow; limits: WindowLimits } | null,
  next: WindowLimits,
  defaultCount = DEFAULT_VISIBLE_CANDLES,
): XWindow {
  if (previous === null) return defaultWindow(next, defaultCount);
  const { win, limits } = previous;
  if (atRightEdge(win, limits)) {
    const span = win.max - win.min;
    return clampWindow({ min: next.end - span, max: next.end }, next);
  }
  return clampWindow(win, next);
}
