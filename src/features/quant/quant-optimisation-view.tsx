// An optimisation's result, called what it is: a parameter search with walk-forward validation.
// Each window's fitted parameters and its out-of-sample test; the chained test windows' figures
// and equity (the only performance it reports); the overfitting warning when set; the parameters
// fitted on the latest window; the assumptions and that past results do not predict future ones.
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import type { QuantOptimisationResult } from "../../../protocol/quant";
import { formatSignedMoney } from "../../lib/format/format-money";
import { Assumptions, BacktestFigures, PastResultsNote } from "./quant-backtest-view";
import { paramLabel } from "./quant-labels";
import { ratePercent, timeText } from "./quant-math";

const EquityChart = lazy(() =>
  import("./quant-equity-chart").then((m) => ({ default: m.EquityChart })),
);

export function QuantOptimisationView(props: { result: QuantOptimisationResult }) {
  const { i18n } = useLingui();
  const { result } = props;
  const locale = i18n.locale;
  const params = (values: Record<string, number>) =>
    Object.entries(values)
      .map(
        ([name, value]) =>
          `${paramLabel(i18n, name)} ${i18n.number(value, { maximumFractionDigits: 10 })}`,
      )
      .join(" · ");
  const fitted = params(result.params);
  return (
    <div className="q-quant__result" data-testid="quant-optimisation-result">
      {result.overfitWarning && (
        <p className="q-notice" role="note" data-testid="quant-overfit-warning">
          <Trans comment="Quant optimisation: in-sample results far better than out-of-sample">
            Likely overfitted: the parameters did much better on the windows they were fitted to
            than on the windows that tested them. Expect the test figures, or worse.
          </Trans>
        </p>
      )}
      <h4 className="q-quant__subtitle">
        <Trans comment="Quant optimisation: the chained test windows' figures">
          Out of sample (test windows only)
        </Trans>
      </h4>
      <BacktestFigures summary={result.outOfSample} testId="quant-oos-figures" />
      <Suspense fallback={<div className="q-chart__plot q-quant__plot" />}>
        <EquityChart
          points={result.outOfSample.equity}
          base={result.assumptions.initialCapital}
          locale={locale}
          testId="quant-oos-equity"
        />
      </Suspense>
      <h4 className="q-quant__subtitle">
        <Trans comment="Quant optimisation: each fit window and the test window after it">
          Walk-forward windows
        </Trans>
      </h4>
      <ol className="q-quant__windows" data-testid="quant-windows">
        {result.windows.map((window) => {
          const fit = `${timeText(window.fitFrom, locale)} – ${timeText(window.fitTo, locale)}`;
          const test = `${timeText(window.testFrom, locale)} – ${timeText(window.testTo, locale)}`;
          const outOfSample = formatSignedMoney(ratePercent(window.returnRate), locale);
          const inSample = formatSignedMoney(ratePercent(window.fitReturnRate), locale);
          return (
            <li key={window.testFrom} data-testid="quant-window">
              <Trans comment="Quant walk-forward window: fit period, test period and both returns in percent">
                Fitted on {fit} ({inSample} %), tested on {test}: {outOfSample} %
              </Trans>
              <span className="q-muted"> {params(window.params)}</span>
            </li>
          );
        })}
      </ol>
      <p data-testid="quant-fitted-params">
        <Trans comment="Quant optimisation: the parameters fitted on the latest window">
          Fitted on the latest window: {fitted}
        </Trans>
      </p>
      <Assumptions assumptions={result.assumptions} />
      <PastResultsNote />
    </div>
  );
}
