// A backtest: one strategy over stored candles, executed at the spot engine's fill rules with fees
// and an assumed slippage. Pure and deterministic: same input → same result, to the unit.
//
// Timeline, per candle i of the tested period (candles before `from` only warm the strategy up):
//   1. the signal of the previous close (if any) fills at this candle's OPEN (execute.ts: moved by
//      the slippage, on the price step toward the house, with the taker fee);
//   2. the strategy steps on this candle's close and answers its next target;
//   3. equity is marked at this close: cash + held × close (rounded down), exactly, with numbers
//      where that is exact (mark.ts) and bigints where it is not.
// At the end a position still open is sold at the last close (with slippage and fee), so the
// result is what the run would have earned had it stopped there; the last equity point is the cash
// after that sale. The signal of the last close has no next candle and is dropped.
// Ruin: if marked equity falls to 0 or below (possible with leverage), everything is sold at that
// close and the run trades no more.
import type { QuantParams } from "../../../../protocol/quant";
import { INTERVAL_MS } from "../../../../protocol/market";
import { STRATEGIES, strategyParamProblems } from "../strategies/index";
import type { BacktestCandle, BacktestInput, BacktestResult } from "./backtest-types";
import { EquityCurve } from "./equity-curve";
import { closeOut, equityAt, openAccount, rebalance } from "./execute";
import { markAt, openMarker, refreshMarker } from "./mark";
import { rebalanceDue, targetPpm } from "./sizing";
import { curveDrawdown, fraction, returnRate, curveSharpe } from "./metrics";

/** Why a backtest cannot run, as the job's `failure` code the app words. */
export type BacktestFailure =
  | "no-candles"
  | "unknown-symbol"
  | "bad-params"
  | "bad-capital"
  | "bad-leverage"
  | "bad-rates"
  | "bad-windows";

/** Why a backtest cannot run; the caller words it (the job's `failure` code). */
export class BacktestInputError extends Error {
  constructor(
    readonly code: BacktestFailure,
    message: string,
  ) {
    super(message);
    this.name = "BacktestInputError";
  }
}

function check(input: BacktestInput): {
  start: number;
  first: BacktestCandle;
  last: BacktestCandle;
} {
  const { params, initialCapital, leverage, feeRate, slippage } = input;
  const problems = strategyParamProblems(input.strategy, params);
  if (problems.length > 0) {
    throw new BacktestInputError("bad-params", problems.map((p) => p.message).join("; "));
  }
  if (initialCapital <= 0n) throw new BacktestInputError("bad-capital", "capital must be > 0");
  if (!Number.isInteger(leverage) || leverage < 1) {
    throw new BacktestInputError("bad-leverage", "leverage must be a whole number ≥ 1");
  }
  for (const r of [feeRate, slippage]) {
    if (r.den <= 0n || r.num < 0n || r.num >= r.den) {
      throw new BacktestInputError("bad-rates", "fee and slippage rates must be in [0, 1)");
    }
  }
  const from = input.from ?? Number.NEGATIVE_INFINITY;
  const start = input.candles.findIndex((c) => c.time >= from);
  const first = input.candles[start];
  const last = input.candles[input.candles.length - 1];
  if (first === undefined || last === undefined) {
    throw new BacktestInputError("no-candles", "no candles in the period");
  }
  return { start, first, last };
}

export function runBacktest(input: BacktestInput): BacktestResult {
  const { start, first, last } = check(input);
  const { candles, rules, interval, initialCapital, leverage, feeRate, slippage } = input;
  const params: QuantParams = { ...input.params };
  const strategy = STRATEGIES[input.strategy];
  const warmUp = strategy.warmUp(params);
  const intervalMs = INTERVAL_MS[interval];
  const account = openAccount(rules, initialCapital, leverage, feeRate, slippage);
  const marker = openMarker(account);

  // The state is the run's own: `step` updates it in place (strategies/strategy.ts, ownership).
  let state = strategy.init(params);
  let pending: number | null = null;
  const equity = new EquityCurve(candles, start, intervalMs);
  equity.set(0, initialCapital);
  let inMarket = 0;
  let ruined = false;

  for (let i = 0; i < candles.length; i++) {
    const candle = candles[i] as BacktestCandle;
    // The rebalance rule checked here first: most candles trade nothing, and keeping the fill
    // code off this path leaves the optimiser's inlining to the strategy's step.
    if (
      i >= start &&
      pending !== null &&
      !ruined &&
      rebalanceDue(pending, account.lastTarget, marker.holding) &&
      rebalance(account, pending, candle.open, candle.time)
    ) {
      refreshMarker(marker, account);
    }
    const decision = strategy.step(state, candle.signal, params);
    state = decision.state;
    // Before warm-up the strategy's answer is not a signal: no order.
    pending = i + 1 >= warmUp ? targetPpm(decision.target) : null;
    if (i < start) continue;
    if (marker.holding) inMarket += 1;
    const k = i - start + 1;
    // Holding nothing, equity is the cash: no price to read.
    const value = marker.holding ? markAt(marker, candle.closeUnits) : marker.cash;
    if (value === value) {
      equity.marks[k] = value; // exact (mark.ts)
    } else {
      equity.set(k, equityAt(account, candle.close));
    }
    // Number() keeps the sign, so this reads the exact value's sign either way.
    if (!ruined && (equity.marks[k] ?? 0) <= 0) {
      ruined = true;
      closeOut(account, candle.close, candle.time + intervalMs);
      refreshMarker(marker, account);
      equity.set(k, equityAt(account, candle.close));
    }
  }

  const endTime = last.time + intervalMs;
  closeOut(account, last.close, endTime);
  const finalEquity = equityAt(account, last.close);
  equity.set(equity.length - 1, finalEquity);

  const period = candles.length - start;
  return {
    strategy: input.strategy,
    params,
    symbol: rules.symbol,
    interval,
    initialCapital,
    leverage,
    feeRate,
    slippage,
    from: first.time,
    to: endTime,
    candles: period,
    finalEquity,
    equity,
    fills: account.fills,
    metrics: {
      returnRate: returnRate(initialCapital, finalEquity),
      maxDrawdown: curveDrawdown(equity),
      sharpe: curveSharpe(equity, interval),
      winRate: fraction(account.wins, account.roundTrips),
      exposure: fraction(inMarket, period),
      trades: account.fills.length,
      roundTrips: account.roundTrips,
    },
  };
}
