// An optimisation result on the wire (QuantOptimisationResultAnswer): out-of-sample figures as the
// performance, each window's in-sample return only beside its test for the overfitting warning.
// Rates are rounded as in backtest-view.ts (never flattering).
import type { QuantOptimisationResult } from "../../../../protocol/quant";
import type { BacktestInput } from "./backtest-types";
import { assumptionsView, curveView, DEFAULT_MAX_POINTS } from "./backtest-view";
import { rateText, statisticText } from "./metrics";
import type { OptimisationResult } from "./walk-forward";

const iso = (ms: number): string => new Date(ms).toISOString();

export function optimisationResultView(
  r: OptimisationResult,
  input: Pick<BacktestInput, "initialCapital" | "feeRate" | "slippage" | "interval" | "leverage">,
  maxPoints = DEFAULT_MAX_POINTS,
): QuantOptimisationResult {
  const oos = r.outOfSample;
  return {
    windows: r.windows.map((w) => ({
      fitFrom: iso(w.fitFrom),
      fitTo: iso(w.fitTo),
      testFrom: iso(w.testFrom),
      testTo: iso(w.testTo),
      params: { ...w.params },
      returnRate: rateText(w.test.metrics.returnRate, "floor"),
      maxDrawdown: rateText(w.test.metrics.maxDrawdown, "ceil"),
      trades: w.test.metrics.trades,
      fitReturnRate: rateText(w.fitReturn, "floor"),
    })),
    outOfSample: {
      returnRate: rateText(oos.returnRate, "floor"),
      maxDrawdown: rateText(oos.maxDrawdown, "ceil"),
      sharpe: statisticText(oos.sharpe),
      trades: oos.trades,
      equity: curveView(oos.equity, maxPoints),
    },
    params: { ...r.params },
    overfitWarning: r.overfitWarning,
    // The whole period the search saw; `params` here are the ones fitted on the last window.
    assumptions: assumptionsView({
      ...input,
      candles: r.candles,
      from: r.from,
      to: r.to,
      params: r.params,
    }),
  };
}
