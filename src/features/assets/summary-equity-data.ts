// The Summary tab's equity points as uPlot columns. Kept apart from the chart so it can be tested
// without uPlot (which needs a browser's matchMedia).

/** [day "YYYY-MM-DD", equity in USDT] as GET /assets/summary serves it. */
export type EquityPoint = readonly [string, string];

/** uPlot's columns: each day at its noon UTC (the same date on every zone's axis) and equity. */
export function summaryColumns(points: readonly EquityPoint[]): [number[], number[]] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [day, value] of points) {
    const at = Date.parse(`${day}T12:00:00Z`);
    const equity = Number(value);
    if (Number.isFinite(at) && Number.isFinite(equity)) {
      xs.push(at / 1000);
      ys.push(equity);
    }
  }
  return [xs, ys];
}
