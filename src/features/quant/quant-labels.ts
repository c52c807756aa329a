// Words of /intelligent that depend on data: a strategy, its parameters, a plan's name and
// duration, a plan's state and why it ended, a lab job's state and failure, why an action is
// disabled and why a command failed — translated where shown.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { QuantEndReason, QuantJobStatus, QuantStrategyId } from "../../../protocol/quant";
import { refusalText } from "../../i18n/refusal-text";
import type { QuantCommandError } from "../../sync/quant-commands";

const STRATEGIES: Record<QuantStrategyId, MessageDescriptor> = {
  "trend-following": msg({
    message: "Trend following",
    comment: "Quant strategy: EMA crossover with volatility-scaled position size",
  }),
  "mean-reversion": msg({
    message: "Mean reversion",
    comment: "Quant strategy: buys below a Bollinger band, sells back at the mean",
  }),
  grid: msg({
    message: "Grid",
    context: "quant strategy",
    comment: "Quant strategy: buys and sells at fixed price steps around a centre",
  }),
};

const ABOUT: Record<QuantStrategyId, MessageDescriptor> = {
  "trend-following": msg({
    message:
      "Buys when the fast moving average crosses above the slow one, sized by recent volatility, and sells when it crosses back. Loses in sideways markets that cross back and forth.",
    comment: "Quant strategy description: what it does and when it loses",
  }),
  "mean-reversion": msg({
    message:
      "Buys when the price falls below its band and sells when it returns to the average. Loses when a fall keeps going instead of coming back.",
    comment: "Quant strategy description: what it does and when it loses",
  }),
  grid: msg({
    message:
      "Buys at each price step down and sells at each step up. Loses when the price leaves the grid downwards and stays there.",
    comment: "Quant strategy description: what it does and when it loses",
  }),
};

export function strategyLabel(i18n: I18n, id: string): string {
  const known = STRATEGIES[id as QuantStrategyId] as MessageDescriptor | undefined;
  return known === undefined ? id : i18n._(known);
}

export function strategyAbout(i18n: I18n, id: string): string | null {
  const known = ABOUT[id as QuantStrategyId] as MessageDescriptor | undefined;
  return known === undefined ? null : i18n._(known);
}

const PARAMS: Record<string, MessageDescriptor> = {
  fastPeriod: msg({ message: "Fast average (candles)", comment: "Quant parameter" }),
  slowPeriod: msg({ message: "Slow average (candles)", comment: "Quant parameter" }),
  volatilityPeriod: msg({ message: "Volatility window (candles)", comment: "Quant parameter" }),
  targetVolatility: msg({ message: "Target volatility", comment: "Quant parameter" }),
  period: msg({ message: "Band window (candles)", comment: "Quant parameter" }),
  deviations: msg({ message: "Band width (standard deviations)", comment: "Quant parameter" }),
  levels: msg({ message: "Grid levels", comment: "Quant parameter" }),
  spacing: msg({ message: "Grid spacing (fraction of the price)", comment: "Quant parameter" }),
};

/** A strategy parameter's name; an unknown one (a newer server) as the server names it. */
export function paramLabel(i18n: I18n, name: string): string {
  const known = PARAMS[name];
  return known === undefined ? name : i18n._(known);
}

/** "10 minutes", "24 hours", "7 days". */
export function durationText(i18n: I18n, minutes: number): string {
  if (minutes % 1440 === 0) {
    const count = minutes / 1440;
    return i18n._(
      msg({
        message: plural(count, { one: "# day", other: "# days" }),
        comment: "A quant plan's duration",
      }),
    );
  }
  if (minutes % 60 === 0) {
    const count = minutes / 60;
    return i18n._(
      msg({
        message: plural(count, { one: "# hour", other: "# hours" }),
        comment: "A quant plan's duration",
      }),
    );
  }
  return i18n._(
    msg({
      message: plural(minutes, { one: "# minute", other: "# minutes" }),
      comment: "A quant plan's duration",
    }),
  );
}

/** The app words a plan from its strategy, level and duration (the server's name is English). */
export function planTitle(
  i18n: I18n,
  plan: { strategy: string; level: number; durationMinutes: number },
): string {
  const strategy = strategyLabel(i18n, plan.strategy);
  const duration = durationText(i18n, plan.durationMinutes);
  const level = plan.level;
  return i18n._(
    msg({
      message: `${strategy}, ${duration} · level ${level}`,
      comment: "A quant plan's name: strategy, duration and the credit level it needs",
    }),
  );
}

export function endReasonLabel(i18n: I18n, reason: QuantEndReason | null): string {
  switch (reason) {
    case "delivery":
      return i18n._(
        msg({ message: "Delivered at the end of its term", comment: "Quant plan end" }),
      );
    case "max-profit":
      return i18n._(msg({ message: "Stopped at its profit limit", comment: "Quant plan end" }));
    case "max-loss":
      return i18n._(msg({ message: "Stopped at its loss limit", comment: "Quant plan end" }));
    case "user":
      return i18n._(msg({ message: "Stopped by you", comment: "Quant plan end" }));
    case "strategy-error":
      return i18n._(
        msg({
          message: "Stopped: its strategy failed; sold at the recorded prices",
          comment:
            "Quant plan end: the strategy's code failed, so the plan ended and its coins were sold at the last recorded tick prices",
        }),
      );
    default:
      return i18n._(msg({ message: "Ended", comment: "Quant plan end, reason unknown" }));
  }
}

export function jobStatusLabel(i18n: I18n, status: QuantJobStatus): string {
  switch (status) {
    case "queued":
      return i18n._(msg({ message: "Queued", comment: "Quant lab job state" }));
    case "running":
      return i18n._(msg({ message: "Running", context: "job", comment: "Quant lab job state" }));
    case "done":
      return i18n._(msg({ message: "Done", comment: "Quant lab job state" }));
    default:
      return i18n._(msg({ message: "Failed", comment: "Quant lab job state" }));
  }
}

const FAILURES: Record<string, MessageDescriptor> = {
  "no-candles": msg({
    message: "There are no stored candles for this market, interval and period.",
    comment: "Why a quant lab job failed",
  }),
  "bad-params": msg({
    message: "These parameters do not fit this strategy.",
    comment: "Why a quant lab job failed",
  }),
  "engine-unavailable": msg({
    message: "This kind of job is not available on this server yet.",
    comment: "Why a quant lab job failed: the server cannot run optimisations yet",
  }),
  "time-limit": msg({
    message: "It ran past the time limit and was stopped.",
    comment: "Why a quant lab job failed",
  }),
  "attempts-exhausted": msg({
    message: "It failed on every attempt to run it.",
    comment: "Why a quant lab job failed",
  }),
};

export function jobFailureText(i18n: I18n, failure: string | null): string {
  const known = failure === null ? undefined : FAILURES[failure];
  if (known !== undefined) return i18n._(known);
  const code = failure ?? "?";
  return i18n._(msg({ message: `The job failed (${code}).`, comment: "Quant lab job failure" }));
}

export const OFFLINE_TEXT = msg({
  message: "You are offline. This needs a connection to the server.",
  comment: "Why a quant plan or lab action is disabled",
});

/** What the user reads when a quant command failed. */
export function commandErrorText(i18n: I18n, error: QuantCommandError): string {
  const said = error.refusal === null ? "" : refusalText(i18n, error.refusal);
  switch (error.kind) {
    case "offline":
      return i18n._(OFFLINE_TEXT);
    case "invalid":
      return i18n._(msg({ message: "Something is missing.", comment: "Quant command failure" }));
    case "refused":
    case "conflict":
      return said;
    case "not-found":
      return i18n._(
        msg({ message: "This plan or job is no longer there.", comment: "Quant command failure" }),
      );
    case "rate-limited":
      return i18n._(
        msg({
          message: "Too many requests. Please wait a moment and try again.",
          comment: "Quant command failure",
        }),
      );
    case "no-answer":
      return i18n._(
        msg({
          message:
            "No answer from the server. Your plans and jobs below show whether it arrived; trying again will not start it twice.",
          comment: "Quant command failure: the request may or may not have arrived",
        }),
      );
    case "market-stale":
      return i18n._(
        msg({
          message: "The server has no fresh price for this market right now. Try again shortly.",
          comment: "Quant command failure",
        }),
      );
    default:
      return i18n._(
        msg({
          message: `The server could not do this: ${said}`,
          comment: "Quant command failure; said is the server's refusal in the user's language",
        }),
      );
  }
}
