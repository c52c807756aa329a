// The indicators the strategies read, as pure incremental values: each `…Next` takes the previous
// value and one new input and answers a new value in O(1) (amortised for the rolling window),
// never mutating the old one. Numbers, not bigints: indicators are signals, never amounts.
//
// Purity matters because a strategy's state is a value (strategy.ts): the backtester, the
// optimiser and a live plan may each keep an old state and step it again. A rolling window
// therefore cannot be a mutable ring buffer; it is a persistent queue of two cons lists (the
// classic two-stack queue): pushing conses onto `back`, dropping the oldest takes from `front`,
// and when `front` runs dry `back` is reversed into it — O(period) once every `period` drops, so
// O(1) amortised. At that reversal the running sums are recomputed from the window itself, so
// floating-point drift from adding and subtracting never outlives one window. The sums are of
// differences from a shift (a value of the window, reset at each reversal): prices sit far from
// zero, and Σx²/n − mean² on raw prices would cancel away the digits the variance lives in.
//
// Realised volatility is such a window over log returns close to close: its deviation, per candle
// (not annualised: 0.002 means a typical move of 0.2 % a candle at this interval).

interface Cell {
  readonly value: number;
  readonly next: Cell | null;
}

/** The last `period` values pushed (fewer until that many arrived), with their sums. */
export interface Rolling {
  readonly period: number;
  readonly count: number;
  /** Oldest first. */
  readonly front: Cell | null;
  /** Newest first. */
  readonly back: Cell | null;
  /** Subtracted from every value before it is summed (see the header). */
  readonly shift: number;
  /** Σ (x − shift) and Σ (x − shift)² over the window. */
  readonly sum: number;
  readonly sumSq: number;
}

export function rollingInit(period: number): Rolling {
  if (!Number.isInteger(period) || period < 1) {
    throw new RangeError(`a rolling window needs a whole period ≥ 1, got ${period}`);
  }
  return { period, count: 0, front: null, back: null, shift: 0, sum: 0, sumSq: 0 };
}

/** The window after `value` arrives: the oldest value leaves once the window is full. */
export function rollingPush(w: Rolling, value: number): Rolling {
  // Object literals with every field, not spreads: one hidden class, and this runs per candle.
  const back: Cell = { value, next: w.back };
  const shift = w.count === 0 ? value : w.shift;
  const d = value - shift;
  const { period } = w;
  if (w.count < period) {
    const count = w.count + 1;
    return { period, count, front: w.front, back, shift, sum: w.sum + d, sumSq: w.sumSq + d * d };
  }
  if (w.front !== null) {
    const old = w.front.value - shift;
    return {
      period,
      count: period,
      front: w.front.next,
      back,
      shift,
      sum: w.sum + d - old,
      sumSq: w.sumSq + d * d - old * old,
    };
  }
  // `front` is empty: reverse `back` (all period + 1 values, newest first) into oldest-first order,
  // drop the oldest, and recompute the sums exactly from what stays.
  let front: Cell | null = null;
  for (let cell: Cell | null = back; cell !== null; cell = cell.next) {
    front = { value: cell.value, next: front };
  }
  const kept = front === null ? null : front.next;
  const newShift = kept === null ? value : kept.value;
  let sum = 0;
  let sumSq = 0;
  for (let cell = kept; cell !== null; cell = cell.next) {
    const k = cell.value - newShift;
    sum += k;
    sumSq += k * k;
  }
  return { period, count: period, front: kept, back: null, shift: newShift, sum, sumSq };
}

export const rollingFull = (w: Rolling): boolean => w.count === w.period;

export function rollingMean(w: Rolling): number {
  return w.count === 0 ? 0 : w.shift + w.sum / w.count;
}

/** Population standard deviation of the window (0 when it is empty or flat). */
export function rollingStd(w: Rolling): number {
  if (w.count === 0) return 0;
  const mean = w.sum / w.count;
  // Rounding can make a flat window's variance a hair below 0.
  const variance = w.sumSq / w.count - mean * mean;
  return variance > 0 ? Math.sqrt(variance) : 0;
}

/** α of an exponential moving average of `period` values: 2 / (period + 1). */
export function emaAlpha(period: number): number {
  if (!(period >= 1)) throw new RangeError(`an EMA needs a period ≥ 1, got ${period}`);
  return 2 / (period + 1);
}

/** The EMA after `x`; the first value (`previous` null) seeds it. */
export function emaNext(previous: number | null, alpha: number, x: number): number {
  return previous === null ? x : previous + alpha * (x - previous);
}

/** The log return close to close (0 when either price is not positive: no signal). */
export function logReturn(previous: number, close: number): number {
  return previous > 0 && close > 0 ? Math.log(close / previous) : 0;
}
