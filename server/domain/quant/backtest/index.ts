// The backtester's public surface (issue 20): what the lab's jobs and the plan catalogue's daily
// backtest call. Everything here is pure except the candle loading (prepare-backtest,
// load-candles), which reads the stored 1m candles.
export type {
  BacktestCandle,
  BacktestFill,
  BacktestInput,
  BacktestMetrics,
  BacktestResult,
  EquityPoint,
} from "./backtest-types";
export { backtestCandle } from "./backtest-candle";
export { EquityCurve } from "./equity-curve";
export { runBacktest, BacktestInputError, type BacktestFailure } from "./run-backtest";
export { backtestResultView, assumptionsView, curveView } from "./backtest-view";
export { rateText } from "./metrics";
export { loadBacktestCandles, wholeCandles, type CandlePeriod } from "./load-candles";
export {
  prepareBacktest,
  backtestParams,
  backtestRules,
  DEFAULT_SLIPPAGE,
  LAB_CAPITAL,
  type BacktestRequest,
} from "./prepare-backtest";
export {
  runOptimisation,
  planWindows,
  overfitted,
  OVERFIT_RULE,
  type OptimisationInput,
  type OptimisationResult,
  type WindowResult,
} from "./walk-forward";
export { paramGrid, MAX_COMBINATIONS } from "./param-grid";
export { optimisationResultView } from "./optimisation-view";
export {
  prepareOptimisation,
  DEFAULT_WINDOWS,
  type OptimisationRequest,
} from "./prepare-optimisation";
export {
  MIN_CHANGE_PPM,
  PPM,
  affordableQuantity,
  placeable,
  shouldRebalance,
  targetPpm,
  targetQuantity,
} from "./sizing";
