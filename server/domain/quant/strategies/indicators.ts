// The indicators the strategies read, as incremental values updated in place: each push costs
// O(1) and allocates nothing. Numbers, not bigints: indicators are signals, never amounts.
//
// In place, because a strategy's state belongs to whoever steps it (strategy.ts, "ownership"):
// the backtester runs `step` tens of thousands of times per run, hundreds of runs per
// optimisation, and a new state per candle was most of its cost. A state is plain JSON data
// (numbers, arrays of numbers, null), so a live plan stores it as JSON and a caller that needs an
// old state again keeps a copy (JSON round trip).
//
// A rolling window is a ring of its last `period` values with running sums. Every `period + 1`
// pushes once the window is full, the sums are recomputed from the window itself, so
// floating-point drift from adding and subtracting never outlives one window. The sums are of
// differences from a shift (a value of the window, reset at each recomputation): prices sit far
// from zero, and Σx²/n − mean² on raw prices would cancel away the digits the variance lives in.
// (The order of those operations is the one the earlier persistent two-stack queue used, so the
// figures are the same to the last bit.)
//
// Realised volatility is such a window over log returns close to close: its deviation, per candle
// (not annualised: 0.002 means a typical move of 0.2 % a candle at this interval).

/** The last `period` values pushed (fewer until that many arrived), with their sums. */
export interface Rolling {
  readonly period: number;
  /** Values in the window: 0 … period. */
  count: number;
  /** Where the next value goes; once full, the oldest value's slot. */
  head: number;
  /** Pushes left before the sums are recomputed (counts down from period + 1 once full). */
  untilRecompute: number;
  /** The ring, `period` slots. */
  readonly values: number[];
  /** Subtracted from every value before it is summed (see the header). */
  shift: number;
  /** Σ (x − shift) and Σ (x − shift)² over the window. */
  sum: number;
  sumSq: number;
}

export function rollingInit(period: number): Rolling {
  if (!Number.isInteger(period) || period < 1) {
    throw new RangeError(`a rolling window needs a whole period ≥ 1, got ${period}`);
  }
  // Pushed one by one, not `new Array(period)`: that array is "holey", and every read of a holey
  // array of numbers boxes the number it reads (an allocation per candle). 0.5, not 0: the array
  // holds doubles from the start (no change of kind later). A JSON copy is packed too.
  const values: number[] = [];
  for (let k = 0; k < period; k++) values.push(0.5);
  return { period, count: 0, head: 0, untilRecompute: 0, values, shift: 0, sum: 0, sumSq: 0 };
}

/** Pushes `value` into `w` (in place): the oldest value leaves once the window is full. */
export function rollingPush(w: Rolling, value: number): void {
  const slot = w.head;
  w.head = slot + 1 === w.period ? 0 : slot + 1;
  if (w.count === w.period && w.untilRecompute > 1) {
    // The common case, kept small so that it inlines into `step`.
    w.untilRecompute -= 1;
    const d = value - w.shift;
    const old = (w.values[slot] ?? 0) - w.shift;
    w.values[slot] = value;
    w.sum = w.sum + d - old;
    w.sumSq = w.sumSq + d * d - old * old;
  } else {
    rollingPushRare(w, slot, value);
  }
}

/** Filling the window, or the push that recomputes the sums. */
function rollingPushRare(w: Rolling, slot: number, value: number): void {
  const { period, values } = w;
  values[slot] = value;
  if (w.count < period) {
    if (w.count === 0) w.shift = value;
    const d = value - w.shift;
    w.count += 1;
    w.sum += d;
    w.sumSq += d * d;
    // The first recomputation comes with the push after the one that fills the window.
    if (w.count === period) w.untilRecompute = 1;
    return;
  }
  // Recompute the sums from the window (oldest first), shifted by its oldest value.
  w.untilRecompute = period + 1;
  const oldest = w.head;
  const shift = values[oldest] ?? 0;
  let sum = 0;
  let sumSq = 0;
  for (let k = 0; k < period; k++) {
    const j = oldest + k < period ? oldest + k : oldest + k - period;
    const x = (values[j] ?? 0) - shift;
    sum += x;
    sumSq += x * x;
  }
  w.shift = shift;
  w.sum = sum;
  w.sumSq = sumSq;
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
