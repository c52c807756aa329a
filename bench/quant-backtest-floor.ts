// `npm run bench -- quant-backtest-floor` (part of `-- quant`, in a process of its own): the floor
// of the backtest goal's figure (quant-backtest.ts), timed against the same bare indicator loop.
// The floor is that loop with the backtester's own exact money parts fused into it — every fill
// by the executor at the spot rules in bigint units (execute.ts), every candle's equity marked
// exactly (mark.ts, equity-curve.ts), the exact max drawdown and Sharpe (metrics.ts) — and
// nothing else: not the strategy as the shared pure step (strategies/strategy.ts: its state in an
// object a live plan stores as JSON, the rolling window's periodic recomputation, the guards),
// not the run's checks and result. A backtest that keeps every amount exact with these parts
// runs no faster than this, so the floor's ratio to the bare loop is the most the goal's ratio
// can be — within the noise between processes (the bare loop's own speed varies by a quarter from
// one process to the next with where the heap put the candles). Printed, not held to a goal.
//
// Same timeline as run-backtest.ts: a target decided on a close fills at the next candle's open,
// a position still open is sold at the last close. The target is the bare loop's (its rolling sums
// are not recentred, so a target's last bits may differ from the strategy's and, rarely, round to
// another ppm): the bench prints the floor's fills and final equity beside the backtest's.
import type { BacktestCandle, BacktestInput } from "../server/domain/quant/backtest/backtest-types";
import { EquityCurve } from "../server/domain/quant/backtest/equity-curve";
import {
  closeOut,
  equityAt,
  openAccount,
  rebalance,
} from "../server/domain/quant/backtest/execute";
import { markAt, openMarker, refreshMarker } from "../server/domain/quant/backtest/mark";
import { curveDrawdown, curveSharpe } from "../server/domain/quant/backtest/metrics";
import { rebalanceDue, targetPpm } from "../server/domain/quant/backtest/sizing";
import { STRATEGIES } from "../server/domain/quant/strategies/index";
import { INTERVAL_MS } from "../protocol/market";
import { runBacktest } from "../server/domain/quant/backtest/run-backtest";
import { bareTrend, compare, ROUNDS, trendConstants, trendInput } from "./quant-backtest-kit";

export async function benchQuantBacktestFloor(): Promise<void> {
  const input = trendInput();
  let run = floorTrendBacktest(input);
  const subject = () => {
    run = floorTrendBacktest(input);
  };
  const baseline = () => bareTrend(input.candles, input.params);
  const c = await compare(["floor", "bare indicator loop"], subject, baseline);
  // Once, after the timing, only to print its run beside the floor's (timed in one process, the
  // two moved each other's figures: bench/README.md).
  const backtest = runBacktest(input);
  console.log(
    `quant: floor (the bare loop with the backtest's exact fills, marks, drawdown and Sharpe ` +
      `fused in) ${Math.round(c.subjectRate)} candles/CPU s, bare indicator loop ` +
      `${Math.round(c.baselineRate)} candles/CPU s, ratio ${c.ratio.toFixed(3)} (median of ` +
      `${ROUNDS} alternating slices, ${c.least.toFixed(3)} … ${c.most.toFixed(3)}; the most an ` +
      `exact backtest's ratio can be); the floor's run ${run.fills} fills, final equity ` +
      `${run.finalEquity}; the backtest's ${backtest.fills.length} fills, ${backtest.finalEquity}`,
  );
}

export interface FloorRun {
  fills: number;
  finalEquity: bigint;
  /** Read so the figures cannot be optimised away. */
  sharpe: number;
  drawdownNum: bigint;
}

/** One trend-following backtest at the floor (the header). `input.from` is not read: all tested. */
export function floorTrendBacktest(input: BacktestInput): FloorRun {
  const { candles, params, rules, initialCapital, leverage, feeRate, slippage } = input;
  const first = candles[0];
  if (first === undefined) throw new Error("the floor needs candles");
  const warmUp = STRATEGIES["trend-following"].warmUp(params);
  const { af, as, period, targetVol } = trendConstants(params);
  const intervalMs = INTERVAL_MS[input.interval];
  const account = openAccount(rules, initialCapital, leverage, feeRate, slippage);
  const marker = openMarker(account);
  const equity = new EquityCurve(candles, 0, intervalMs);
  const marks = equity.marks;
  equity.set(0, initialCapital);
  const ring = new Float64Array(period);
  let ef = first.signal.close;
  let es = ef;
  let last = ef;
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  // The first candle: it seeds the averages, cannot have a target yet (warm-up ≥ 2) and is
  // marked with the cash.
  marks[1] = marker.cash;
  let pending = -1;
  let ruined = false;
  for (let i = 1; i < candles.length; i++) {
    const candle = candles[i] as BacktestCandle;
    if (
      pending >= 0 &&
      !ruined &&
      rebalanceDue(pending, account.lastTarget, marker.holding) &&
      rebalance(account, pending, candle.open, candle.time)
    ) {
      refreshMarker(marker, account);
    }
    // The bare loop's indicator lines, repeated (quant-backtest-kit.ts bareTrend), so the floor
    // pays for its indicators exactly what the baseline pays: a helper both called would change
    // the baseline's compiled loop, which every figure since the 27th was measured with.
    const close = candle.signal.close;
    ef += af * (close - ef);
    es += as * (close - es);
    const r = Math.log(close / last);
    const slot = n % period;
    const old = n >= period ? (ring[slot] ?? 0) : 0;
    sum += r - old;
    sumSq += r * r - old * old;
    ring[slot] = r;
    n += 1;
    last = close;
    let target = 0;
    if (n >= period && ef > es) {
      const mean = sum / period;
      const sd = Math.sqrt(Math.max(0, sumSq / period - mean * mean));
      target = sd > 0 ? Math.min(1, targetVol / sd) : 1;
    }
    pending = i + 1 >= warmUp ? targetPpm(target) : -1;
    const k = i + 1;
    const value = marker.holding ? markAt(marker, candle.closeUnits) : marker.cash;
    if (value === value) {
      marks[k] = value;
    } else {
      equity.set(k, equityAt(account, candle.close));
    }
    if (!ruined && (marks[k] ?? 0) <= 0) {
      ruined = true;
      closeOut(account, candle.close, candle.time + intervalMs);
      refreshMarker(marker, account);
      equity.set(k, equityAt(account, candle.close));
    }
  }
  const lastCandle = candles[candles.length - 1] as BacktestCandle;
  closeOut(account, lastCandle.close, lastCandle.time + intervalMs);
  const finalEquity = equityAt(account, lastCandle.close);
  equity.set(equity.length - 1, finalEquity);
  return {
    fills: account.fills.length,
    finalEquity,
    sharpe: curveSharpe(equity, input.interval),
    drawdownNum: curveDrawdown(equity).num,
  };
}
