// What the worker threads compute (job-thread.ts loads this module): a job's stored input and
// candles → its wire result, by the backtester and the walk-forward optimiser of
// server/domain/quant/backtest, with the same terms as its prepareBacktest/prepareOptimisation (the spot taker fee, the
// assumed slippage, the lab's capital) — the candles come from the main thread instead of a query
// (job-candles.ts). The one place the queue meets the backtester. Also the span of candles a job
// needs (its period plus the strategy's warm-up before it), which the main thread loads.
import { INTERVAL_MS } from "../../../../protocol/market";
import type { SpotRules } from "../../../../protocol/spot-rules";
import {
  backtestParams,
  backtestResultView,
  backtestRules,
  BacktestInputError,
  DEFAULT_SLIPPAGE,
  LAB_CAPITAL,
  optimisationResultView,
  paramGrid,
  runBacktest,
  runOptimisation,
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
  const warmUp =
    kind === "backtest"
      ? warmUpOf(input as StoredBacktestInput)
      : // The slowest parameter set of the grid the optimiser searches.
        Math.max(
          0,
          ...paramGrid(period.strategy).map((p) => STRATEGIES[period.strategy].warmUp(p)),
        );
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
      : optimisation(task.input as StoredOptimisationInput, task.candleChunks);
  } catch (err) {
    if (err instanceof BacktestInputError) throw new JobFailure(err.code, err.message);
    throw err;
  }
};

function backtest(input: StoredBacktestInput, chunks: readonly string[]) {
  const rules = backtestRules(input.symbol);
  const params = backtestParams(input.strategy, input.params);
  const from = Date.parse(input.from);
  const candles = unitsOf(chunks, input, rules, from);
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

function optimisation(input: StoredOptimisationInput, chunks: readonly string[]) {
  const rules = backtestRules(input.symbol);
  const from = Date.parse(input.from);
  const candles = unitsOf(chunks, input, rules, from);
  const run = {
    strategy: input.strategy,
    rules,
    interval: input.interval,
    candles,
    from,
    initialCapital: LAB_CAPITAL,
    leverage: 1,
    feeRate: TAKER_FEE,
    slippage: DEFAULT_SLIPPAGE,
    windows: input.windows,
  };
  return optimisationResultView(runOptimisation(run), run);
}

/** The chunks as candles in units; a period without one is "no-candles". */
function unitsOf(
  chunks: readonly string[],
  input: Pick<StoredBacktestInput, "symbol" | "interval">,
  rules: SpotRules,
  from: number,
): BacktestCandle[] {
  const rows = candlesOf(chunks, input.symbol, input.interval);
  const candles = rows.map((row) => candleUnits(row, rules));
  if (!candles.some((c) => c.time >= from)) {
    throw new JobFailure("no-candles", "no stored candles in the period");
  }
  return candles;
}
