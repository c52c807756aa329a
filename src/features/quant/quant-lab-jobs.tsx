// The user's backtests and optimisations, newest first, from IndexedDB: what was asked (strategy,
// market, interval, period), its state (queued → running → done or failed) and, once done, the
// result. While one is unfinished and the lab is open, it is read again every few seconds (the
// change log brings it too).
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { QuantBacktestRow, QuantOptimisationRow } from "../../db/queries/quant";
import { refreshQuantJob } from "../../sync/quant-commands";
import { BacktestResultView } from "./quant-backtest-view";
import { jobFailureText, jobStatusLabel, strategyLabel } from "./quant-labels";
import { timeText } from "./quant-math";
import { QuantOptimisationView } from "./quant-optimisation-view";

const POLL_MS = 2_000;

type Job =
  { kind: "backtest"; row: QuantBacktestRow } | { kind: "optimisation"; row: QuantOptimisationRow };

const unfinished = (job: Job) => job.row.status === "queued" || job.row.status === "running";

export function QuantLabJobs(props: {
  backtests: readonly QuantBacktestRow[];
  optimisations: readonly QuantOptimisationRow[];
  offline: boolean;
}) {
  const jobs: Job[] = [
    ...props.backtests.map((row) => ({ kind: "backtest" as const, row })),
    ...props.optimisations.map((row) => ({ kind: "optimisation" as const, row })),
  ].sort((a, b) => Date.parse(b.row.createdAt) - Date.parse(a.row.createdAt));
  const waiting = jobs
    .filter(unfinished)
    .map((job) => `${job.kind}:${job.row.id}`)
    .join(",");
  useEffect(() => {
    if (waiting === "" || props.offline) return;
    const timer = setInterval(() => {
      for (const entry of waiting.split(",")) {
        const [kind, id] = entry.split(":");
        if ((kind === "backtest" || kind === "optimisation") && id !== undefined) {
          void refreshQuantJob(kind, id).catch(() => undefined);
        }
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, props.offline]);
  if (jobs.length === 0) {
    return (
      <p className="q-muted" data-testid="quant-lab-empty">
        <Trans comment="Quant lab: no backtests or optimisations yet">
          No backtests or optimisations yet.
        </Trans>
      </p>
    );
  }
  return (
    <ul className="q-quant__list" data-testid="quant-lab-jobs">
      {jobs.map((job, index) => (
        <JobItem key={`${job.kind}-${job.row.id}`} job={job} open={index === 0} />
      ))}
    </ul>
  );
}

function JobItem(props: { job: Job; open: boolean }) {
  const { i18n } = useLingui();
  const { job } = props;
  const { row } = job;
  const [open, setOpen] = useState(props.open);
  const locale = i18n.locale;
  const from = timeText(row.from, locale);
  const to = timeText(row.to, locale);
  const interval = row.interval;
  return (
    <li
      className="q-card q-quant__plan"
      data-testid={`quant-job-${row.id}`}
      data-kind={job.kind}
      data-status={row.status}
    >
      <button
        type="button"
        className="q-quant__job-head"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <strong>
          {job.kind === "backtest" ? (
            <Trans comment="Quant lab job kind">Backtest</Trans>
          ) : (
            <Trans comment="Quant lab job kind: parameter search with walk-forward validation">
              Optimisation
            </Trans>
          )}
        </strong>{" "}
        <span>
          {strategyLabel(i18n, row.strategy)} · {row.symbol} · {interval}
        </span>
        <span className="q-quant__state" data-testid="quant-job-state">
          {jobStatusLabel(i18n, row.status)}
        </span>
      </button>
      <p className="q-muted">
        {from} – {to}
      </p>
      {open && row.status === "failed" && (
        <p className="q-field__error" data-testid="quant-job-failure">
          {jobFailureText(i18n, row.failure)}
        </p>
      )}
      {open &&
        row.status === "done" &&
        (job.kind === "backtest"
          ? job.row.result !== null && (
              <BacktestResultView result={job.row.result} testId="quant-job-result" />
            )
          : job.row.result !== null && <QuantOptimisationView result={job.row.result} />)}
    </li>
  );
}
