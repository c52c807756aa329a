// What the worker threads compute (job-thread.ts loads this module): a job's stored input and
// candles → its wire result, by the backtester and the walk-forward optimiser of
// server/domain/quant/backtest, with the same terms as its prepareBacktest (the spot taker fee, the
// assumed slippage, the lab's capital) — the candles come from the main thread instead of a query
// (job-candles.ts). The one place the queue meets the backtester. Also the span of candles a job
// needs (its period plus the strategy's warm-up before it), which the main thread loads.
import { INTERVAL_MS } from "../../../../protocol/market";
import {
  backtestParams,
  backtestResultView,
  backtestRules,
  BacktestInputError,
  DEFAULT_SLIPPAGE,
  LAB_CAPITAL,
  runBacktest,
  type BacktestCandle,
} from "../backtest";
import { candleUnits } from "../backtest/load-candles";
import { TAKER_FEE } from "../../spot/spot-config";
import { resolveParams, STRATEGIES } from "../strategies";
import { candlesOf } from "./job-candles";
import type { JobPeriod } from "./job-input";
import type { ComputeModule, ThreadTask } from "./job-thread";
import { periodOfStored, type StoredBacktestInput, type StoredOptimisationInput } from "./job-view";

/** A job failure the user is told about, by code (job-thread.ts reads `jobFailure`). */
export class JobFailure extends Error {
  override name = "JobFailure";

  constructor(
    readonly jobFailure: string,
    message: string,
  ) {
    super(message);
  }
}

/** The candles a job reads: its period, and the strategy's warm-up candles before it. */
export function candleSpan(kind: ThreadTask["kind"], input: unknown): JobPeriod {
  const period = periodOfStored(input as StoredBacktestInput);
  const warmUp = kind === "backtest" ? warmUpOf(input as StoredBacktestInput) : 0;
  return { ...period, fromMs: period.fromMs - warmUp * INTERVAL_MS[period.interval] };
}

function warmUpOf(input: StoredBacktestInput): number {
  const resolved = resolveParams(input.strategy, input.params);
  // Parameters that do not run fail in the thread, with their code; they need no candles.
  return resolved.ok ? STRATEGIES[input.strategy].warmUp(resolved.params) : 0;
}

export const computeJob: ComputeModule["computeJob"] = (task: ThreadTask) => {
  try {
    return task.kind === "backtest"
      ? backtest(task.input as StoredBacktestInput, task.candleChunks)
      : optimisation(task.input as StoredOptimisationInput);
  } catch (err) {
    if (err instanceof BacktestInputError) throw new JobFailure(err.code, err.message);
    throw err;
  }
};

function backtest(input: StoredBacktestInput, chunks: readonly string[]) {
  const rules = backtestRules(input.symbol);
  const params = backtestParams(input.strategy, input.params);
  const from = Date.parse(input.from);
  const candles: BacktestCandle[] = candlesOf(chunks).map((row) => candleUnits(row, rules));
  if (!candles.some((c) => c.time >= from)) {
    throw new JobFailure("no-candles", "no stored candles in the period");
  }
  const result = runBacktest({
    strategy: input.strategy,
    params,
    rules,
    interval: input.interval,
    candles,
    from,
    initialCapital: LAB_CAPITAL,
    leverage: input.leverage ?? 1,
    feeRate: TAKER_FEE,
    slippage: DEFAULT_SLIPPAGE,
  });
  return backtestResultView(result, rules);
}

function optimisation(_input: StoredOptimisationInput): never {
  // The walk-forward optimiser (server/domain/quant/backtest) is not in this branch yet: no
  // result rather than an invented one.
  throw new JobFailure("engine-unavailable", "the optimiser is not available in this build");
}
