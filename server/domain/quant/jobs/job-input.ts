// POST /quant/backtests' and /quant/optimisations' bodies, checked field by field before anything
// is read or written: each mistake is a 400 VALIDATION refusal naming the field (a parameter as
// "params.<name>") and the rule it broke, so a refused job changes nothing and the user knows what
// to fix. The period is aligned to whole candles of the interval (the first that opens at or after
// `from`, the last that closes at or before `to`); record-dependent checks (the period lies within
// the candles the record holds) are job-period.ts's.
import { QUANT_STRATEGIES } from "../../../../protocol/endpoints/quant";
import { INTERVAL_MS, KLINE_INTERVALS, type KlineInterval } from "../../../../protocol/market";
import type {
  QuantBacktestRequest,
  QuantOptimisationRequest,
  QuantParams,
  QuantStrategyId,
} from "../../../../protocol/quant";
import { invalid } from "../../errors";
import { spotRules } from "../../spot/spot-config";
import { resolveParams, STRATEGIES } from "../strategies";
import { DEFAULT_WINDOWS, MAX_BACKTEST_CANDLES, MAX_OPTIMISATION_CANDLES } from "./job-config";

/** What every job runs over: a strategy on one symbol's candles in [fromMs, toMs). */
export interface JobPeriod {
  strategy: QuantStrategyId;
  symbol: string;
  interval: KlineInterval;
  /** Open time of the first candle, ms. */
  fromMs: number;
  /** Close time of the last candle (= open time of the one after it), ms. */
  toMs: number;
}

export interface BacktestInput extends JobPeriod {
  /** The full parameter set (defaults filled in): a rerun with it is the same run. */
  params: QuantParams;
}

export interface OptimisationInput extends JobPeriod {
  windows: number;
}

type Fields<T> = Partial<Record<keyof T, unknown>>;

export function parseBacktestInput(body: Fields<QuantBacktestRequest>): BacktestInput {
  const period = periodOf(body, MAX_BACKTEST_CANDLES);
  const params = paramsOf(period.strategy, body.params);
  // The strategy warms up on the candles before `from` (the runner loads them when the record
  // has them), so the period itself needs only a candle to trade on and one to fill at.
  atLeastCandles(period, 2);
  return { ...period, params };
}

export function parseOptimisationInput(body: Fields<QuantOptimisationRequest>): OptimisationInput {
  const period = periodOf(body, MAX_OPTIMISATION_CANDLES);
  const windows = windowsOf(body.windows);
  // Each window fits on one slice and tests on the next: every slice must hold a strategy's
  // longest warm-up at its defaults, and a few candles to trade on.
  const warmUp = STRATEGIES[period.strategy].warmUp(paramsOf(period.strategy, undefined));
  atLeastCandles(period, (windows + 1) * (warmUp + 2));
  return { ...period, windows };
}

/** The number of whole candles a period holds. */
export function candleCount(period: Pick<JobPeriod, "interval" | "fromMs" | "toMs">): number {
  return (period.toMs - period.fromMs) / INTERVAL_MS[period.interval];
}

function periodOf(body: Fields<JobPeriod & { from: string; to: string }>, maxCandles: number) {
  const strategy = strategyOf(body.strategy);
  const symbol = symbolOf(body.symbol);
  const interval = intervalOf(body.interval);
  const step = INTERVAL_MS[interval];
  const fromMs = Math.ceil(timeOf(body.from, "from") / step) * step;
  const toMs = Math.floor(timeOf(body.to, "to") / step) * step;
  if (toMs <= fromMs) {
    throw invalid(
      "to",
      "at-least",
      `Invalid body: "to" must be at least one ${interval} candle after "from"`,
      new Date(fromMs + step).toISOString(),
    );
  }
  const period: JobPeriod = { strategy, symbol, interval, fromMs, toMs };
  if (candleCount(period) > maxCandles) {
    throw invalid(
      "to",
      "at-most",
      `Invalid body: the period may hold at most ${maxCandles} ${interval} candles; ` +
        `choose a later "from", an earlier "to" or a longer interval`,
      new Date(fromMs + maxCandles * step).toISOString(),
    );
  }
  return period;
}

function atLeastCandles(period: JobPeriod, least: number): void {
  if (candleCount(period) >= least) return;
  const step = INTERVAL_MS[period.interval];
  throw invalid(
    "from",
    "at-most",
    `Invalid body: the period must hold at least ${least} ${period.interval} candles ` +
      `for ${period.strategy} with these settings; choose an earlier "from"`,
    new Date(period.toMs - least * step).toISOString(),
  );
}

function strategyOf(value: unknown): QuantStrategyId {
  const id = QUANT_STRATEGIES.find((s) => s === value);
  if (id !== undefined) return id;
  const list = QUANT_STRATEGIES.join(", ");
  if (value === undefined || value === null || value === "") {
    throw invalid("strategy", "required", `Invalid body: "strategy" is required: one of ${list}`);
  }
  throw invalid("strategy", "format", `Invalid body: "strategy" must be one of ${list}`);
}

function symbolOf(value: unknown): string {
  if (value === undefined || value === null || value === "") {
    throw invalid("symbol", "required", 'Invalid body: "symbol" is required, e.g. "BTC/USDT"');
  }
  const rules = typeof value === "string" ? spotRules(value) : undefined;
  if (rules === undefined) {
    throw invalid(
      "symbol",
      "format",
      'Invalid body: "symbol" must be a listed symbol such as "BTC/USDT"',
    );
  }
  return rules.symbol;
}

function intervalOf(value: unknown): KlineInterval {
  const interval = KLINE_INTERVALS.find((i) => i === value);
  if (interval !== undefined) return interval;
  const list = KLINE_INTERVALS.join(", ");
  if (value === undefined || value === null || value === "") {
    throw invalid("interval", "required", `Invalid body: "interval" is required: one of ${list}`);
  }
  throw invalid("interval", "format", `Invalid body: "interval" must be one of ${list}`);
}

/** ISO-8601 with a date, a time and an offset ("2026-11-01T00:00:00Z"): never a guessed zone. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function timeOf(value: unknown, field: "from" | "to"): number {
  if (value === undefined || value === null || value === "") {
    throw invalid(field, "required", `Invalid body: "${field}" is required`);
  }
  const ms = typeof value === "string" && ISO_TIME.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) {
    throw invalid(
      field,
      "format",
      `Invalid body: "${field}" must be an ISO-8601 time with an offset, e.g. "2026-11-01T00:00:00Z"`,
    );
  }
  return ms;
}

function paramsOf(strategy: QuantStrategyId, value: unknown): QuantParams {
  if (
    value !== undefined &&
    (typeof value !== "object" || value === null || Array.isArray(value))
  ) {
    throw invalid(
      "params",
      "format",
      'Invalid body: "params" must be an object of numbers by name, e.g. { "period": 20 }',
    );
  }
  const given = (value ?? {}) as Record<string, unknown>;
  const specs = STRATEGIES[strategy].params;
  for (const [name, v] of Object.entries(given)) {
    const spec = specs.find((s) => s.name === name);
    const field = `params.${name}`;
    if (spec === undefined) {
      throw invalid(
        field,
        "not-allowed",
        `Invalid body: "${name}" is not a parameter of ${strategy}; ` +
          `its parameters are ${specs.map((s) => s.name).join(", ")}`,
      );
    }
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw invalid(field, "format", `Invalid body: "${field}" must be a number`);
    }
    if (v < spec.min) {
      throw invalid(
        field,
        "at-least",
        `Invalid body: "${field}" must be at least ${spec.min}`,
        spec.min,
      );
    }
    if (v > spec.max) {
      throw invalid(
        field,
        "at-most",
        `Invalid body: "${field}" must be at most ${spec.max}`,
        spec.max,
      );
    }
  }
  const resolved = resolveParams(strategy, given as QuantParams);
  if (resolved.ok) return resolved.params;
  // What the ranges above cannot say: whole numbers, and rules between parameters.
  const [problem] = resolved.problems;
  const field = problem === undefined || problem.name === "" ? "params" : `params.${problem.name}`;
  throw invalid(
    field,
    "format",
    `Invalid body: ${problem?.message ?? "the parameters do not fit"}`,
  );
}

function windowsOf(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_WINDOWS;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw invalid(
      "windows",
      "format",
      'Invalid body: "windows" must be a whole number from 2 to 12',
    );
  }
  if (value < 2) {
    throw invalid("windows", "at-least", 'Invalid body: "windows" must be at least 2', 2);
  }
  if (value > 12) {
    throw invalid("windows", "at-most", 'Invalid body: "windows" must be at most 12', 12);
  }
  return value;
}
