// The live price line's data: points (time, price string) in uPlot's aligned columns, the time
// window it shows, and the price range that keeps a marked level (an option's entry) in view.
// Prices become numbers here only as plotting coordinates.

export interface PricePoint {
  /** Epoch milliseconds. */
  at: number;
  /** The price as served (a decimal string). */
  price: string;
}

/** uPlot's columns: Unix seconds (fractional) and prices. */
export function lineColumns(points: readonly PricePoint[]): [number[], number[]] {
  return [points.map((p) => p.at / 1000), points.map((p) => Number(p.price))];
}

/**
 * The time window in Unix seconds: the last `spanMs` up to now, stretched to the end time
 * (an option's expiry) plus a margin, so the expiry line is on the chart from the start.
 */
export function lineWindow(nowMs: number, spanMs: number, endMs: number | null): [number, number] {
  const right = Math.max(nowMs, endMs ?? 0) + spanMs * 0.05;
  return [(right - spanMs) / 1000, right / 1000];
}

/** The y range of the data and the marked level together, with a little room above and below. */
export function lineRange(
  min: number | null,
  max: number | null,
  level: number | null,
): [number, number] {
  const values = [min, max, level].filter((v): v is number => v !== null && Number.isFinite(v));
  if (values.length === 0) return [0, 1];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = high > low ? (high - low) * 0.1 : Math.max(Math.abs(high) * 0.0005, 0.01);
  return [low - pad, high + pad];
}
