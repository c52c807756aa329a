// From a lab request (POST /quant/optimisations body, times parsed) to a runnable
// OptimisationInput: the symbol's rules, the spot taker fee, the assumed slippage, and the stored
// candles with warm-up enough for the slowest parameter set of the grid.
import type { Queryable } from "../../../db/db";
import { TAKER_FEE } from "../../spot/spot-config";
import { STRATEGIES } from "../strategies/index";
import { loadBacktestCandles } from "./load-candles";
import { paramGrid } from "./param-grid";
import {
  backtestRules,
  DEFAULT_SLIPPAGE,
  LAB_CAPITAL,
  type BacktestRequest,
} from "./prepare-backtest";
import { BacktestInputError } from "./run-backtest";
import type { OptimisationInput } from "./walk-forward";

/** Windows when a request names none: 4 (three fit/test steps). */
export const DEFAULT_WINDOWS = 4;

export interface OptimisationRequest extends Omit<BacktestRequest, "params"> {
  windows?: number;
}

export async function prepareOptimisation(
  db: Queryable,
  request: OptimisationRequest,
): Promise<OptimisationInput> {
  const rules = backtestRules(request.symbol);
  const strategy = STRATEGIES[request.strategy];
  const warmUp = Math.max(0, ...paramGrid(request.strategy).map((p) => strategy.warmUp(p)));
  const loaded = await loadBacktestCandles(db, request, rules, warmUp);
  if (!loaded.candles.some((c) => c.time >= loaded.from)) {
    throw new BacktestInputError("no-candles", "no stored candles in the period");
  }
  return {
    strategy: request.strategy,
    rules,
    interval: request.interval,
    candles: loaded.candles,
    from: loaded.from,
    initialCapital: request.initialCapital ?? LAB_CAPITAL,
    leverage: request.leverage ?? 1,
    feeRate: TAKER_FEE,
    slippage: DEFAULT_SLIPPAGE,
    windows: request.windows ?? DEFAULT_WINDOWS,
  };
}
