// A backtest's equity curve: one point at the period's first open, then one at each candle's
// close, every value exact in USDT units.
//
// Held compactly, because a run marks every candle and the optimiser runs hundreds of runs of which
// it reads only the final equity: the values are numbers that are exact integers (each checked to
// be within ±(2^53 − 1) when it was marked, mark.ts), and a point beyond that range, which no
// realistic account reaches, keeps its exact bigint beside them. `value(k)` and `points()` answer
// bigints equal to the marks to the unit; nothing is rounded on the way.
import type { BacktestCandle, EquityPoint } from "./backtest-types";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export class EquityCurve {
  /** Every point as a number: exact where `exact` has no entry (Sharpe reads these). */
  readonly marks: Float64Array;
  /** Points whose value is beyond ±(2^53 − 1) units, exact; null while there is none. */
  private exact: Map<number, bigint> | null = null;

  /**
   * `candles[start]` is the period's first candle; point 0 is its open time, point k ≥ 1 the
   * close time of candle start + k − 1.
   */
  constructor(
    private readonly candles: readonly BacktestCandle[],
    private readonly start: number,
    private readonly intervalMs: number,
  ) {
    this.marks = new Float64Array(candles.length - start + 1);
  }

  get length(): number {
    return this.marks.length;
  }

  /** Whether every value fits the numbers exactly (then `marks` is the whole curve). */
  get allExact(): boolean {
    return this.exact === null || this.exact.size === 0;
  }

  /** Sets point k to `value`. */
  set(k: number, value: bigint): void {
    const n = Number(value);
    this.marks[k] = n;
    if (n <= MAX_SAFE && n >= -MAX_SAFE) {
      this.exact?.delete(k);
    } else {
      this.exact ??= new Map();
      this.exact.set(k, value);
    }
  }

  time(k: number): number {
    if (k === 0) return this.candles[this.start]?.time ?? 0;
    return (this.candles[this.start + k - 1]?.time ?? 0) + this.intervalMs;
  }

  /**
   * Writes point 0 and each period's last point (periods of `periodMs` by close time; a close on
   * a boundary belongs to the period it closes) to `out`, as numbers; answers how many. Sharpe
   * samples every backtest this way, so it visits one candle or two per period, not every one:
   * from a period's first candle it guesses where the next period starts (candles are in time
   * order and, on their interval's grid, at least one interval apart) and walks from the guess
   * to the exact first candle of the next period. The walks make the answer right for any
   * candles in time order; the guess only makes it fast (exact when there is no gap).
   */
  periodCloses(periodMs: number, out: Float64Array): number {
    const marks = this.marks;
    const n = marks.length;
    out[0] = marks[0] ?? 0;
    if (n < 2) return 1;
    const candles = this.candles;
    const first = this.start;
    const end = first + n - 1; // the period's candles are first … end − 1
    const interval = this.intervalMs;
    const timeAt = (c: number): number => candles[c]?.time ?? 0;
    let count = 1;
    let c = first; // the first candle of the current period
    for (;;) {
      const t = timeAt(c);
      // The first open time whose close falls in a later period (the header's rule).
      const next = (Math.floor((t + interval - 1) / periodMs) + 1) * periodMs - interval + 1;
      let j = c + Math.max(1, Math.ceil((next - t) / interval));
      if (j > end) j = end;
      while (j < end && timeAt(j) < next) j += 1;
      while (j - 1 > c && timeAt(j - 1) >= next) j -= 1;
      if (j >= end) break;
      // Candle j is the first of the next period: the point before it closes this one.
      out[count] = marks[j - first] ?? 0;
      count += 1;
      c = j;
    }
    out[count] = marks[n - 1] ?? 0;
    return count + 1;
  }

  value(k: number): bigint {
    return this.exact?.get(k) ?? BigInt(this.marks[k] ?? 0);
  }

  at(k: number): EquityPoint {
    return { time: this.time(k), value: this.value(k) };
  }

  /** The whole curve as points. */
  points(): EquityPoint[] {
    const out: EquityPoint[] = [];
    for (let k = 0; k < this.marks.length; k++) out.push(this.at(k));
    return out;
  }
}
