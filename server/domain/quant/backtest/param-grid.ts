// The parameter sets the optimiser tries: a grid over each strategy's published specs, bounded.
//
// Bound: at most `maxCombinations` (default MAX_COMBINATIONS = 81) sets per fit. With d
// parameters each takes k = max(2, ⌊maxCombinations^(1/d)⌋) values (fewer when its own grid is
// smaller), evenly spread from min to max and snapped to its step — 3 values for the 4 trend
// parameters, 9 each for the 2 of mean reversion and grid. Sets the strategy refuses (fast ≥ slow)
// are left out. The order is fixed (first parameter slowest), so ties resolve the same every run.
import type { QuantParams, QuantStrategyId } from "../../../../protocol/quant";
import { STRATEGIES, strategyParamProblems, type ParamSpec } from "../strategies/index";

export const MAX_COMBINATIONS = 81;

/** Decimals of a step as written (0.0005 → 4), so snapped values print as the grid does. */
function stepDecimals(step: number): number {
  const text = String(step);
  const point = text.indexOf(".");
  return point < 0 ? 0 : text.length - point - 1;
}

/** Up to `k` values of one parameter, evenly spread over its range, on its step. */
export function specValues(spec: ParamSpec, k: number): number[] {
  const steps = Math.round((spec.max - spec.min) / spec.step);
  const count = Math.min(k, steps + 1);
  if (count <= 1) return [spec.default];
  const places = stepDecimals(spec.step);
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = Math.round((steps * i) / (count - 1));
    const value = Number((spec.min + n * spec.step).toFixed(places));
    if (values[values.length - 1] !== value) values.push(value);
  }
  return values;
}

/** Every set of the bounded grid the strategy accepts, in a fixed order. */
export function paramGrid(id: QuantStrategyId, maxCombinations = MAX_COMBINATIONS): QuantParams[] {
  const specs = STRATEGIES[id].params;
  const k = Math.max(2, Math.floor(maxCombinations ** (1 / specs.length) + 1e-9));
  let sets: Record<string, number>[] = [{}];
  for (const spec of specs) {
    const values = specValues(spec, k);
    sets = sets.flatMap((set) => values.map((v) => ({ ...set, [spec.name]: v })));
  }
  return sets
    .filter((set) => strategyParamProblems(id, set).length === 0)
    .slice(0, maxCombinations);
}
