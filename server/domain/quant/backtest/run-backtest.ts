// A backtest: one strategy over stored candles, executed at the spot engine's fill rules with fees
// and an assumed slippage. Pure and deterministic: same input → same result, to the unit.
//
// Timeline, per candle i of the tested period (candles before `from` only warm the strategy up):
//   1. the signal of the previous close (if any) fills at this candle's OPEN (execute.ts: moved by
//      the slippage, on the price step toward the house, with the taker fee);
//   2. the strategy steps on this candle's close and answers its next target;
//   3. equity is marked at this close: cash + held × close (rounded down).
// At the end a position still open is sold at the last close (with slippage and fee), so the
// result is what the run would have earned had it stopped there; the last equity point is the cash
// after that sale. The signal of the last close has no next candle and is dropped.
// Ruin: if marked equity falls to 0 or below (possible with leverage), everything is sold at that
// close and the run trades no more.
import type { QuantParams } from "../../../../protocol/quant";
import { INTERVAL_MS } from "../../../../protocol/market";
import { STRATEGIES, strategyParamProblems } from "../strategies/index";
import type { BacktestCandle, BacktestInput, BacktestResult, EquityPoint } from "./backtest-types";
import { closeOut, equityAt, openAccount, rebalance } from "./execute";
import { targetPpm } from "./sizing";
import { fraction, maxDrawdown, returnRate, sharpe } from "./metrics";

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

  let state = strategy.init(params);
  let pending: number | null = null;
  const equity: EquityPoint[] = [{ time: first.time, value: initialCapital }];
  let inMarket = 0;
  let ruined = false;

  for (let i = 0; i < candles.length; i++) {
    const candle = candles[i] as BacktestCandle;
    if (i >= start && pending !== null && !ruined) {
      rebalance(account, pending, candle.open, candle.time);
    }
    const decision = strategy.step(state, candle.signal, params);
    state = decision.state;
    // Before warm-up the strategy's answer is not a signal: no order.
    pending = i + 1 >= warmUp ? targetPpm(decision.target) : null;
    if (i < start) continue;
    const closeTime = candle.time + intervalMs;
    if (account.held > 0n) inMarket += 1;
    let value = equityAt(account, candle.close);
    if (value <= 0n && !ruined) {
      ruined = true;
      closeOut(account, candle.close, closeTime);
      value = equityAt(account, candle.close);
    }
    equity.push({ time: closeTime, value });
  }

  const endTime = last.time + intervalMs;
  closeOut(account, last.close, endTime);
  const finalEquity = equityAt(account, last.close);
  equity[equity.length - 1] = { time: endTime, value: finalEquity };

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
      maxDrawdown: maxDrawdown(equity),
      sharpe: sharpe(equity, interval),
      winRate: fraction(account.wins, account.roundTrips),
      exposure: fraction(inMarket, period),
      trades: account.fills.length,
      roundTrips: account.roundTrips,
    },
  };
}
