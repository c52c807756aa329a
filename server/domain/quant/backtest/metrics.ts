// The figures of a backtest, from its equity curve and fills. Exact fractions where they describe
// money (return, drawdown, win rate, exposure); Sharpe is a statistic of returns, so a number.
//
// Sharpe (as Freqtrade and most reports compute it): the curve is sampled at the end of each
// period — a UTC day, or one candle when the interval is longer than a day — after its first
// point (the initial capital); r_i = s_i / s_(i−1) − 1; Sharpe = mean(r) / sd(r) × √(periods a
// year), sd the sample standard deviation (n − 1), no risk-free rate, 365 days a year (crypto
// trades every day). 0 when there are fewer than 2 returns (a backtest under two days) or they
// do not vary. Per-candle returns annualised (√525,600 for 1m) would blow fee-sized moves up
// into figures like −80 that say nothing; daily returns are the scale people compare.
import { divRound, formatUnits, type Rounding } from "../../../../protocol/decimal";
import { INTERVAL_MS, type KlineInterval } from "../../../../protocol/market";
import type { Rate } from "../../../../protocol/spot-rules";
import type { EquityPoint } from "./backtest-types";
import type { EquityCurve } from "./equity-curve";

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export const ZERO: Rate = { num: 0n, den: 1n };

export function returnRate(initial: bigint, final: bigint): Rate {
  return { num: final - initial, den: initial };
}

/**
 * max over the curve of (peak so far − value) / peak so far, compared exactly. Between two new
 * peaks only the lowest value can set the maximum, so the exact (bigint) comparison runs once
 * per peak, not once per point.
 */
export function maxDrawdown(equity: readonly EquityPoint[]): Rate {
  let worst: Rate = ZERO;
  const first = equity[0];
  if (first === undefined) return worst;
  let peak = first.value;
  let low = peak;
  const settle = () => {
    // (peak − low) / peak > worst, cross-multiplied (both denominators > 0).
    if (peak > 0n && (peak - low) * worst.den > worst.num * peak) {
      worst = { num: peak - low, den: peak };
    }
  };
  for (const { value } of equity) {
    if (value > peak) {
      settle();
      peak = value;
      low = value;
    } else if (value < low) {
      low = value;
    }
  }
  settle();
  return worst;
}

/**
 * The same, over a curve held as numbers (equity-curve.ts): when every value is exact there,
 * peaks and lows are compared as numbers (exact integers) and a fall is compared with the worst
 * so far exactly, in bigints, only when it could beat it; otherwise the bigint points are read.
 */
export function curveDrawdown(curve: EquityCurve): Rate {
  if (!curve.allExact) return maxDrawdown(curve.points());
  const marks = curve.marks;
  const n = marks.length;
  const worst: Worst = { rate: ZERO, number: 0 };
  let peak = marks[0] ?? 0;
  let low = peak;
  // A plain loop with the settling in a function of its own, not a closure: a closure's captured
  // `peak` and `low` would live boxed in its context, one allocation per write. The last fall is
  // settled by the loop too (a pass past the end reads +∞, a peak above every value): a call
  // after the loop has no type feedback when the loop is compiled on the fly during the first
  // run, and the optimised loop was thrown away at that call on every later run.
  for (let k = 1; k <= n; k++) {
    const value = k < n ? (marks[k] ?? 0) : Number.POSITIVE_INFINITY;
    if (value > peak) {
      settleFall(worst, peak, low);
      peak = value;
      low = value;
    } else if (value < low) {
      low = value;
    }
  }
  return worst.rate;
}

interface Worst {
  rate: Rate;
  /** `rate` as a number, to skip falls that cannot beat it (settleFall). */
  number: number;
}

/** (peak − low) / peak, if it beats the worst so far (peak and low exact whole numbers). */
function settleFall(worst: Worst, peak: number, low: number): void {
  if (!(peak > 0 && low < peak)) return;
  // A number of a ratio is within 2^−52 of it relatively, far inside the 10^−12 margin, so no
  // fall that beats the worst is skipped here; the exact comparison below decides the rest.
  const fall = (peak - low) / peak;
  if (fall < worst.number * (1 - 1e-12)) return;
  const p = BigInt(peak);
  const num = p - BigInt(low);
  if (num * worst.rate.den > worst.rate.num * p) {
    worst.rate = { num, den: p };
    worst.number = fall;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sharpe's sampling period for candles of `interval`: a day, or the interval if longer. */
export function sharpePeriodMs(interval: KlineInterval): number {
  return Math.max(DAY_MS, INTERVAL_MS[interval]);
}

export function sharpe(equity: readonly EquityPoint[], interval: KlineInterval): number {
  return sharpeOfCurve(
    equity.length,
    (k) => equity[k]?.time ?? 0,
    (k) => Number(equity[k]?.value ?? 0n),
    interval,
  );
}

/** Period-end samples of the last sharpeOfCurve, kept for the next (no allocation per run). */
let scratch = new Float64Array(0);

/**
 * Sharpe over a curve of `n` points (point 0 the start, point k ≥ 1 a candle's close at
 * `timeOf(k)`), values as numbers: exact below 2^53 units (9 billion USDT), and a statistic
 * anyway. A close at a period's boundary belongs to the period it closes.
 */
export function sharpeOfCurve(
  n: number,
  timeOf: (k: number) => number,
  valueOf: (k: number) => number,
  interval: KlineInterval,
): number {
  if (n < 2) return 0;
  const periodMs = sharpePeriodMs(interval);
  if (scratch.length < n + 1) scratch = new Float64Array(n + 1);
  const samples = scratch;
  samples[0] = valueOf(0);
  let count = 1;
  let period = Math.floor((timeOf(1) - 1) / periodMs);
  for (let k = 2; k < n; k++) {
    const at = Math.floor((timeOf(k) - 1) / periodMs);
    if (at !== period) {
      samples[count] = valueOf(k - 1);
      count += 1;
      period = at;
    }
  }
  samples[count] = valueOf(n - 1);
  count += 1;
  return sharpeOfSamples(samples, count, periodMs);
}

/** Sharpe of a backtest's curve: its period-end samples taken in one pass (equity-curve.ts). */
export function curveSharpe(curve: EquityCurve, interval: KlineInterval): number {
  if (curve.length < 2) return 0;
  const periodMs = sharpePeriodMs(interval);
  if (scratch.length < curve.length + 1) scratch = new Float64Array(curve.length + 1);
  const count = curve.periodCloses(periodMs, scratch);
  return sharpeOfSamples(scratch, count, periodMs);
}

/** mean / sample deviation of the returns between consecutive samples × √(periods a year). */
function sharpeOfSamples(samples: Float64Array, count: number, periodMs: number): number {
  let n = 0;
  let sum = 0;
  for (let i = 1; i < count; i++) {
    const before = samples[i - 1] ?? 0;
    // None on nothing or debt; an unchanged sample is exactly 0.
    if (before <= 0) continue;
    const after = samples[i] ?? 0;
    sum += after === before ? 0 : after / before - 1;
    n += 1;
  }
  if (n < 2) return 0;
  const mean = sum / n;
  let squares = 0;
  for (let i = 1; i < count; i++) {
    const before = samples[i - 1] ?? 0;
    if (before <= 0) continue;
    const after = samples[i] ?? 0;
    const d = (after === before ? 0 : after / before - 1) - mean;
    squares += d * d;
  }
  const variance = squares / (n - 1);
  if (!(variance > 0)) return 0;
  return (mean / Math.sqrt(variance)) * Math.sqrt(YEAR_MS / periodMs);
}

export const fraction = (num: number, den: number): Rate =>
  den === 0 ? ZERO : { num: BigInt(num), den: BigInt(den) };

/** Decimal places rates are written with on the wire. */
export const RATE_PLACES = 6;

/** A rate as a decimal string of RATE_PLACES places, rounded as told, trailing zeros trimmed. */
export function rateText(rate: Rate, rounding: Rounding): string {
  if (rate.den === 0n) return "0";
  const scale = 10n ** BigInt(RATE_PLACES);
  return formatUnits(divRound(rate.num * scale, rate.den, rounding), RATE_PLACES);
}

/** A statistic as a decimal string with 4 places ("0" for anything not finite). */
export function statisticText(value: number): string {
  if (!Number.isFinite(value)) return "0";
  const text = value.toFixed(4);
  return /^-0\.0+$/.test(text) ? "0.0000" : text;
}

/** Which of two rates is larger, exactly (denominators > 0). */
export function compareRates(a: Rate, b: Rate): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}
