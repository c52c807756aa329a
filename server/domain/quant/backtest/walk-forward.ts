// Walk-forward optimisation — the "AI" of the plans, named for what it is: a parameter search
// validated on data it did not see.
//
// The period's candles are cut into `windows` consecutive windows of equal candle counts (the
// first ones one candle longer when it does not divide). Step k (k = 0 … windows − 2) fits on
// window k — every set of the bounded grid (param-grid.ts) is backtested there and the one with
// the highest return wins, the first in grid order on a tie — then tests that set on window k + 1.
// Only the test windows count as performance: chained, each starting flat with the equity the
// previous one ended with, they are the out-of-sample equity curve and figures (a chain whose
// equity reaches 0 ends there). The candles
// just before a window may warm the strategy's indicators up; they never trade or count.
// The parameters reported for what comes next are fitted on the last window.
//
// Overfitting warning (OVERFIT_RULE): set when the mean in-sample return of the fits is positive
// and the mean out-of-sample return of the tests is below half of it — the fits looked more than
// twice as good as what the same choices then earned.
import type { QuantParams } from "../../../../protocol/quant";
import type { BacktestInput, BacktestResult, EquityPoint } from "./backtest-types";
import { maxDrawdown, returnRate, sharpe } from "./metrics";
import { paramGrid } from "./param-grid";
import { BacktestInputError, runBacktest } from "./run-backtest";
import { STRATEGIES } from "../strategies/index";
import type { Rate } from "../../../../protocol/spot-rules";

export const OVERFIT_RULE = "mean fit return > 0 and mean test return < mean fit return / 2";

export interface OptimisationInput extends Omit<BacktestInput, "params"> {
  /** How many windows to cut the period into (2 … 12). */
  windows: number;
  /** The grid bound (param-grid.ts); default MAX_COMBINATIONS. */
  maxCombinations?: number;
}

/** Candle index ranges [start, end) of one fit and its test. */
export interface WindowPlan {
  fit: { start: number; end: number };
  test: { start: number; end: number };
}

export interface WindowResult {
  /** ms: open of the first candle, close of the last. */
  fitFrom: number;
  fitTo: number;
  testFrom: number;
  testTo: number;
  params: QuantParams;
  /** In sample: the chosen set's return on its fit window. */
  fitReturn: Rate;
  /** Out of sample: the chosen set on the test window. */
  test: BacktestResult;
}

export interface OptimisationResult {
  windows: WindowResult[];
  outOfSample: {
    initialCapital: bigint;
    finalEquity: bigint;
    equity: EquityPoint[];
    returnRate: Rate;
    maxDrawdown: Rate;
    sharpe: number;
    trades: number;
  };
  /** Fitted on the last window. */
  params: QuantParams;
  overfitWarning: boolean;
  /** Parameter sets tried per fit. */
  combinations: number;
  /** The period: first open, last close (ms), and its candle count. */
  from: number;
  to: number;
  candles: number;
}

/** Cuts `count` candles starting at `offset` into `windows` consecutive fit/test pairs. */
export function planWindows(offset: number, count: number, windows: number): WindowPlan[] {
  if (!Number.isInteger(windows) || windows < 2 || windows > 12) {
    throw new BacktestInputError("bad-windows", "windows must be a whole number from 2 to 12");
  }
  if (count < windows * 2) {
    throw new BacktestInputError(
      "no-candles",
      `${windows} windows need at least ${windows * 2} candles`,
    );
  }
  const bounds: number[] = [offset];
  const size = Math.floor(count / windows);
  const extra = count % windows;
  for (let w = 0; w < windows; w++) bounds.push((bounds[w] ?? 0) + size + (w < extra ? 1 : 0));
  const plans: WindowPlan[] = [];
  for (let k = 0; k + 2 < bounds.length; k++) {
    plans.push({
      fit: { start: bounds[k] ?? 0, end: bounds[k + 1] ?? 0 },
      test: { start: bounds[k + 1] ?? 0, end: bounds[k + 2] ?? 0 },
    });
  }
  return plans;
}

const asNumber = (r: Rate): number => (r.den === 0n ? 0 : Number(r.num) / Number(r.den));
const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / (xs.length || 1);

/** OVERFIT_RULE on the windows' in-sample (fit) and out-of-sample (test) returns. */
export function overfitted(fitReturns: readonly Rate[], testReturns: readonly Rate[]): boolean {
  const fit = mean(fitReturns.map(asNumber));
  return fit > 0 && mean(testReturns.map(asNumber)) < fit / 2;
}

/** A backtest of `params` on candles [start, end), warmed up on the candles before `start`. */
function runOn(
  input: OptimisationInput,
  params: QuantParams,
  start: number,
  end: number,
  capital: bigint,
): BacktestResult {
  const warmUp = STRATEGIES[input.strategy].warmUp(params);
  const first = input.candles[start];
  return runBacktest({
    ...input,
    params,
    candles: input.candles.slice(Math.max(0, start - warmUp), end),
    from: first?.time ?? 0,
    initialCapital: capital,
  });
}

/** The set with the highest return on [start, end); the first in grid order on a tie. */
function fit(input: OptimisationInput, grid: readonly QuantParams[], start: number, end: number) {
  let best: { params: QuantParams; result: BacktestResult } | null = null;
  for (const params of grid) {
    const result = runOn(input, params, start, end, input.initialCapital);
    if (best === null || result.finalEquity > best.result.finalEquity) best = { params, result };
  }
  if (best === null) throw new BacktestInputError("bad-params", "no parameter set to try");
  return best;
}

export function runOptimisation(input: OptimisationInput): OptimisationResult {
  const from = input.from ?? Number.NEGATIVE_INFINITY;
  const offset = input.candles.findIndex((c) => c.time >= from);
  if (offset < 0) throw new BacktestInputError("no-candles", "no candles in the period");
  const plans = planWindows(offset, input.candles.length - offset, input.windows);
  const grid = paramGrid(input.strategy, input.maxCombinations);

  const windows: WindowResult[] = [];
  const equity: EquityPoint[] = [];
  let capital = input.initialCapital;
  for (const plan of plans) {
    // A chain whose equity reached 0 (possible with leverage) has nothing left to trade: it ends.
    if (capital <= 0n) break;
    const fitted = fit(input, grid, plan.fit.start, plan.fit.end);
    const test = runOn(input, fitted.params, plan.test.start, plan.test.end, capital);
    windows.push({
      fitFrom: fitted.result.from,
      fitTo: fitted.result.to,
      testFrom: test.from,
      testTo: test.to,
      params: fitted.params,
      fitReturn: fitted.result.metrics.returnRate,
      test,
    });
    // Each test curve starts at the previous one's last point (same time, same value): skip it.
    const points = test.equity.points();
    equity.push(...(equity.length === 0 ? points : points.slice(1)));
    capital = test.finalEquity;
  }
  const last = plans[plans.length - 1];
  const latest = last === undefined ? null : fit(input, grid, last.test.start, last.test.end);
  const firstWindow = windows[0];
  const lastWindow = windows[windows.length - 1];
  return {
    windows,
    outOfSample: {
      initialCapital: input.initialCapital,
      finalEquity: capital,
      equity,
      returnRate: returnRate(input.initialCapital, capital),
      maxDrawdown: maxDrawdown(equity),
      sharpe: sharpe(equity, input.interval),
      trades: windows.reduce((s, w) => s + w.test.metrics.trades, 0),
    },
    params: latest?.params ?? {},
    overfitWarning: overfitted(
      windows.map((w) => w.fitReturn),
      windows.map((w) => w.test.metrics.returnRate),
    ),
    combinations: grid.length,
    from: firstWindow?.fitFrom ?? 0,
    to: lastWindow?.testTo ?? 0,
    candles: input.candles.length - offset,
  };
}
