// The figures of a backtest, from its equity curve and fills. Exact fractions where they describe
// money (return, drawdown, win rate, exposure); Sharpe is a statistic of returns, so a number.
//
// Sharpe: r_i = e_i / e_(i−1) − 1 for consecutive points of the equity curve (one per candle,
// the first against the initial capital); Sharpe = mean(r) / sd(r) × √(candles per year), with
// sd the sample standard deviation (n − 1), no risk-free rate, and candles per year =
// 365 × 24 h / interval (crypto trades every day). 0 when there are fewer than 2 returns or they
// do not vary. Annualising assumes returns independent from candle to candle: a rough but
// conventional scale, comparable across intervals only roughly.
import { divRound, formatUnits, type Rounding } from "../../../../protocol/decimal";
import { INTERVAL_MS, type KlineInterval } from "../../../../protocol/market";
import type { Rate } from "../../../../protocol/spot-rules";
import type { EquityPoint } from "./backtest-types";

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

export function sharpe(equity: readonly EquityPoint[], interval: KlineInterval): number {
  // Equity in units as numbers: exact below 2^53 units (9 billion USDT), and a statistic anyway.
  // A point equal to the one before (flat, no fill) is a return of exactly 0: no conversion.
  const returns: number[] = [];
  let before = equity[0]?.value ?? 0n;
  let beforeNumber = Number(before);
  for (let i = 1; i < equity.length; i++) {
    const after = equity[i]?.value ?? 0n;
    if (after === before) {
      if (beforeNumber > 0) returns.push(0);
      continue;
    }
    const afterNumber = Number(after);
    if (beforeNumber > 0) returns.push(afterNumber / beforeNumber - 1); // none on nothing or debt
    before = after;
    beforeNumber = afterNumber;
  }
  const n = returns.length;
  if (n < 2) return 0;
  let sum = 0;
  for (const r of returns) sum += r;
  const mean = sum / n;
  let squares = 0;
  for (const r of returns) squares += (r - mean) * (r - mean);
  const variance = squares / (n - 1);
  if (!(variance > 0)) return 0;
  return (mean / Math.sqrt(variance)) * Math.sqrt(YEAR_MS / INTERVAL_MS[interval]);
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
