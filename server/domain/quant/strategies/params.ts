// A strategy's parameters: reading one with its default, and checking a set someone asked for
// (the lab's POST body, a plan's catalogue row) against the published specs before anything runs.
import type { QuantParams } from "../../../../protocol/quant";
import type { ParamSpec } from "./strategy";

/** The value of `spec` in `params`, or its default when absent. */
export function paramValue(params: QuantParams, spec: ParamSpec): number {
  const value = params[spec.name];
  return value === undefined ? spec.default : value;
}

/** A parameter the specs refuse, and why, in words for logs and the lab's error. */
export interface ParamProblem {
  name: string;
  reason: "unknown" | "not-a-number" | "out-of-range" | "not-whole" | "constraint";
  message: string;
}

/** Whole-number parameters (periods, counts) are the ones whose grid step is a whole number. */
export const isWholeParam = (spec: ParamSpec): boolean => Number.isInteger(spec.step);

/**
 * Every problem with `given` against `specs`, plus the strategy's own cross-parameter rule
 * (`constraint`, e.g. fast period < slow period); empty when the set may run. Values are checked
 * against the range only, not the step: the step is the optimiser's grid, not a rule for users.
 */
export function paramProblems(
  specs: readonly ParamSpec[],
  given: QuantParams,
  constraint?: (params: QuantParams) => string | null,
): ParamProblem[] {
  const problems: ParamProblem[] = [];
  const known = new Set(specs.map((s) => s.name));
  for (const name of Object.keys(given)) {
    if (!known.has(name)) {
      problems.push({ name, reason: "unknown", message: `${name} is not a parameter` });
    }
  }
  for (const spec of specs) {
    const value = given[spec.name];
    if (value === undefined) continue;
    if (!Number.isFinite(value)) {
      problems.push({
        name: spec.name,
        reason: "not-a-number",
        message: `${spec.name} is not a number`,
      });
    } else if (value < spec.min || value > spec.max) {
      problems.push({
        name: spec.name,
        reason: "out-of-range",
        message: `${spec.name} must be from ${spec.min} to ${spec.max}, got ${value}`,
      });
    } else if (isWholeParam(spec) && !Number.isInteger(value)) {
      problems.push({
        name: spec.name,
        reason: "not-whole",
        message: `${spec.name} must be a whole number, got ${value}`,
      });
    }
  }
  if (problems.length === 0 && constraint !== undefined) {
    const message = constraint(withDefaults(specs, given));
    if (message !== null) problems.push({ name: "", reason: "constraint", message });
  }
  return problems;
}

/** `given` with every missing parameter set to its default, in spec order. */
export function withDefaults(specs: readonly ParamSpec[], given: QuantParams): QuantParams {
  const out: Record<string, number> = {};
  for (const spec of specs) out[spec.name] = paramValue(given, spec);
  return out;
}
