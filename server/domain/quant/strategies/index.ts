// The strategy registry: every QuantStrategyId to its implementation, the parameter specs GET
// /quant/strategies publishes, and the one check a parameter set passes before it runs (the lab's
// POST body, a plan's catalogue row) — so the backtester, the optimiser and live plans agree.
import type { QuantParams, QuantStrategyId, QuantStrategyInfo } from "../../../../protocol/quant";
import { QUANT_STRATEGIES } from "../../../../protocol/endpoints/quant";
import { grid } from "./grid";
import { meanReversion } from "./mean-reversion";
import { paramProblems, withDefaults, type ParamProblem } from "./params";
import type { Strategy } from "./strategy";
import { trendConstraint, trendFollowing } from "./trend-following";

export type { ParamProblem } from "./params";
export type { ParamSpec, Strategy, StrategyCandle, StrategyDecision } from "./strategy";

export const STRATEGIES: Readonly<Record<QuantStrategyId, Strategy>> = {
  "trend-following": trendFollowing,
  "mean-reversion": meanReversion,
  grid,
};

/** Rules between parameters that ranges alone cannot say. */
const CONSTRAINTS: Partial<Record<QuantStrategyId, (params: QuantParams) => string | null>> = {
  "trend-following": trendConstraint,
};

export function isStrategyId(value: string): value is QuantStrategyId {
  return (QUANT_STRATEGIES as readonly string[]).includes(value);
}

/** GET /quant/strategies: each strategy with its parameter ranges, grid steps and defaults. */
export function strategyInfos(): QuantStrategyInfo[] {
  return QUANT_STRATEGIES.map((id) => ({
    id,
    params: STRATEGIES[id].params.map((p) => ({ ...p })),
  }));
}

/** What is wrong with `given` for strategy `id` (empty when nothing is). */
export function strategyParamProblems(id: QuantStrategyId, given: QuantParams): ParamProblem[] {
  return paramProblems(STRATEGIES[id].params, given, CONSTRAINTS[id]);
}

export type ResolvedParams =
  { ok: true; params: QuantParams } | { ok: false; problems: ParamProblem[] };

/**
 * The full parameter set a run uses: `given` (may be partial or absent) checked, then completed
 * with the defaults. Results record this full set, so a rerun with it is the same run.
 */
export function resolveParams(id: QuantStrategyId, given: QuantParams = {}): ResolvedParams {
  const problems = strategyParamProblems(id, given);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, params: withDefaults(STRATEGIES[id].params, given) };
}
