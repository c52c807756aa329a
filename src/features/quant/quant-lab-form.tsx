// The lab's form: strategy (what it does and when it loses), its parameters within the published
// ranges, market, interval and period; then "Run backtest" (these parameters) or "Optimise"
// (a parameter search with walk-forward validation, said as such). Online only, with the reason.
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { QuantStrategyInfo } from "../../../protocol/quant";
import {
  newQuantKey,
  QuantCommandError,
  queueBacktest,
  queueOptimisation,
} from "../../sync/quant-commands";
import {
  commandErrorText,
  OFFLINE_TEXT,
  paramLabel,
  strategyAbout,
  strategyLabel,
} from "./quant-labels";
import {
  backtestRequest,
  badParams,
  defaultParams,
  LAB_INTERVALS,
  LAB_PERIOD_DAYS,
  optimisationRequest,
  type LabForm,
} from "./quant-lab-draft";

export function QuantLabForm(props: {
  strategies: readonly QuantStrategyInfo[];
  symbols: readonly string[];
  form: LabForm;
  onChange: (form: LabForm) => void;
  offline: boolean;
}) {
  const { i18n, t } = useLingui();
  const { form, strategies } = props;
  const info = strategies.find((s) => s.id === form.strategy);
  const [sending, setSending] = useState<"backtest" | "optimise" | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One key per form state: a retry of the same request after no answer must not queue twice.
  const [key, setKey] = useState(newQuantKey);
  const bad = badParams(form, info);
  const change = (next: LabForm) => {
    props.onChange(next);
    setKey(newQuantKey());
    setError(null);
  };
  const send = async (kind: "backtest" | "optimise") => {
    setSending(kind);
    setError(null);
    try {
      if (kind === "backtest") await queueBacktest(backtestRequest(form, info), `${key}-b`);
      else await queueOptimisation(optimisationRequest(form), `${key}-o`);
      setKey(newQuantKey());
    } catch (failure) {
      setError(
        failure instanceof QuantCommandError
          ? commandErrorText(i18n, failure)
          : t({
              message: "The job could not be queued. Please try again.",
              comment: "A quant lab request failed for a reason the app does not know",
            }),
      );
    } finally {
      setSending(null);
    }
  };
  const disabled = props.offline || sending !== null || strategies.length === 0;
  return (
    <form
      className="q-card q-quant__lab-form"
      onSubmit={(event) => event.preventDefault()}
      data-testid="quant-lab-form"
    >
      <label className="q-field">
        <span>
          <Trans comment="Quant lab field">Strategy</Trans>
        </span>
        <select
          value={form.strategy}
          onChange={(event) => {
            const next = strategies.find((s) => s.id === event.target.value);
            if (next) change({ ...form, strategy: next.id, params: defaultParams(next) });
          }}
          data-testid="quant-lab-strategy"
        >
          {strategies.map((s) => (
            <option key={s.id} value={s.id}>
              {strategyLabel(i18n, s.id)}
            </option>
          ))}
        </select>
      </label>
      <p className="q-muted">{strategyAbout(i18n, form.strategy)}</p>
      {(info?.params ?? []).map((p) => {
        // Parameters are small fractions too (a target volatility of 0.0005): every digit shown.
        const min = i18n.number(p.min, { maximumFractionDigits: 10 });
        const max = i18n.number(p.max, { maximumFractionDigits: 10 });
        return (
          <label key={p.name} className="q-field">
            <span>{paramLabel(i18n, p.name)}</span>
            <input
              className="q-field__input"
              inputMode="decimal"
              value={form.params[p.name] ?? ""}
              aria-invalid={bad.includes(p.name)}
              onChange={(event) =>
                change({ ...form, params: { ...form.params, [p.name]: event.target.value } })
              }
              data-testid={`quant-lab-param-${p.name}`}
            />
            <span className="q-muted">
              <Trans comment="Quant lab: a parameter's allowed range">
                From {min} to {max}
              </Trans>
            </span>
          </label>
        );
      })}
      <div className="q-quant__lab-row">
        <label className="q-field">
          <span>
            <Trans comment="Quant lab field: the market">Market</Trans>
          </span>
          <select
            value={form.symbol}
            onChange={(event) => change({ ...form, symbol: event.target.value })}
            data-testid="quant-lab-symbol"
          >
            {props.symbols.map((symbol) => (
              <option key={symbol} value={symbol}>
                {symbol}
              </option>
            ))}
          </select>
        </label>
        <label className="q-field">
          <span>
            <Trans comment="Quant lab field: candle interval">Interval</Trans>
          </span>
          <select
            value={form.interval}
            onChange={(event) => {
              const interval = LAB_INTERVALS.find((i) => i === event.target.value);
              if (interval) change({ ...form, interval });
            }}
            data-testid="quant-lab-interval"
          >
            {LAB_INTERVALS.map((interval) => (
              <option key={interval} value={interval}>
                {interval}
              </option>
            ))}
          </select>
        </label>
        <label className="q-field">
          <span>
            <Trans comment="Quant lab field: how far back the period reaches">Period</Trans>
          </span>
          <select
            value={form.days}
            onChange={(event) => {
              const days = LAB_PERIOD_DAYS.find((d) => String(d) === event.target.value);
              if (days) change({ ...form, days });
            }}
            data-testid="quant-lab-days"
          >
            {LAB_PERIOD_DAYS.map((days) => (
              <option key={days} value={days}>
                {t({
                  message: plural(days, { one: "Last day", other: "Last # days" }),
                  comment: "Quant lab: a period ending now",
                })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {props.offline && (
        <p className="q-notice" role="status" data-testid="quant-lab-offline">
          {i18n._(OFFLINE_TEXT)}
        </p>
      )}
      {error !== null && (
        <p className="q-field__error" role="alert" data-testid="quant-lab-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="q-button"
        disabled={disabled || bad.length > 0}
        onClick={() => void send("backtest")}
        data-testid="quant-lab-run"
      >
        {sending === "backtest" ? (
          <Trans comment="A confirm button while its request is on the way">Sending…</Trans>
        ) : (
          <Trans comment="Quant lab: runs a backtest with these parameters">Run backtest</Trans>
        )}
      </button>
      <p className="q-muted" data-testid="quant-lab-optimise-about">
        <Trans comment="Quant lab: what the optimisation (the 'AI') really is">
          Optimise is a parameter search with walk-forward validation: it tries parameters on one
          window of past candles, tests the best on the next window it has not seen, and rolls
          forward. Only the test windows count in its results.
        </Trans>
      </p>
      <label className="q-field">
        <span>
          <Trans comment="Quant lab field: how many walk-forward windows">Windows</Trans>
        </span>
        <select
          value={form.windows}
          onChange={(event) => change({ ...form, windows: Number(event.target.value) })}
          data-testid="quant-lab-windows"
        >
          {[2, 3, 4, 5, 6, 8, 10, 12].map((n) => (
            <option key={n} value={n}>
              {i18n.number(n)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="q-button q-button--ghost"
        disabled={disabled}
        onClick={() => void send("optimise")}
        data-testid="quant-lab-optimise"
      >
        {sending === "optimise" ? (
          <Trans comment="A confirm button while its request is on the way">Sending…</Trans>
        ) : (
          <Trans comment="Quant lab: runs a parameter search with walk-forward validation">
            Optimise (walk-forward)
          </Trans>
        )}
      </button>
    </form>
  );
}
