// The lab form's state and what it sends: a strategy with its parameters (within the ranges
// GET /quant/strategies publishes), a market, an interval and a period ending now. Pure.
import { KLINE_INTERVALS, type KlineInterval } from "../../../protocol/market";
import type {
  QuantBacktestRequest,
  QuantOptimisationRequest,
  QuantStrategyId,
  QuantStrategyInfo,
} from "../../../protocol/quant";

export const LAB_PERIOD_DAYS = [1, 7, 30] as const;
export type LabPeriodDays = (typeof LAB_PERIOD_DAYS)[number];
export const LAB_INTERVALS: readonly KlineInterval[] = KLINE_INTERVALS;

export interface LabForm {
  strategy: QuantStrategyId;
  /** Typed text per parameter name; a strategy's defaults until changed. */
  params: Record<string, string>;
  symbol: string;
  interval: KlineInterval;
  days: LabPeriodDays;
  /** Walk-forward windows for an optimisation (2–12). */
  windows: number;
}

export function defaultParams(info: QuantStrategyInfo | undefined): Record<string, string> {
  return Object.fromEntries((info?.params ?? []).map((p) => [p.name, String(p.default)]));
}

export function initialLabForm(strategies: readonly QuantStrategyInfo[], symbol: string): LabForm {
  const first = strategies[0];
  return {
    strategy: first?.id ?? "trend-following",
    params: defaultParams(first),
    symbol,
    interval: "1h",
    days: 7,
    windows: 4,
  };
}

/** The parameters whose text is not a number within the published range, by name. */
export function badParams(form: LabForm, info: QuantStrategyInfo | undefined): string[] {
  return (info?.params ?? [])
    .filter((p) => {
      const text = form.params[p.name] ?? "";
      const value = Number(text);
      return text.trim() === "" || !Number.isFinite(value) || value < p.min || value > p.max;
    })
    .map((p) => p.name);
}

function period(days: number, now: number): { from: string; to: string } {
  // Whole minutes, ending a minute back: the record's newest minute may still be open (the
  // server refuses a "to" past its newest closed candle), and the same form within a minute is
  // the same request.
  const to = Math.floor(now / 60_000) * 60_000 - 60_000;
  return { from: new Date(to - days * 86_400_000).toISOString(), to: new Date(to).toISOString() };
}

export function backtestRequest(
  form: LabForm,
  info: QuantStrategyInfo | undefined,
  now = Date.now(),
): QuantBacktestRequest {
  const params = Object.fromEntries(
    (info?.params ?? []).map((p) => [p.name, Number(form.params[p.name] ?? p.default)]),
  );
  return {
    strategy: form.strategy,
    symbol: form.symbol,
    interval: form.interval,
    ...period(form.days, now),
    params,
  };
}

export function optimisationRequest(form: LabForm, now = Date.now()): QuantOptimisationRequest {
  return {
    strategy: form.strategy,
    symbol: form.symbol,
    interval: form.interval,
    ...period(form.days, now),
    windows: form.windows,
  };
}
