// A backtest's result as every part of /intelligent shows it: return, max drawdown, trades (and
// Sharpe, win rate and exposure when the full result is known), the equity curve, every
// assumption the result depends on, and that past results do not predict future ones. Never a
// promise: the figures are what the strategy would have done over stored candles.
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import type { QuantAssumptions, QuantBacktestResult } from "../../../protocol/quant";
import { formatMoney, formatSignedMoney } from "../../lib/format/format-money";
import { QuantFills } from "./quant-fills";
import { paramLabel } from "./quant-labels";
import { ratePercent, timeText } from "./quant-math";

const EquityChart = lazy(() =>
  import("./quant-equity-chart").then((m) => ({ default: m.EquityChart })),
);

export interface BacktestSummary {
  returnRate: string;
  maxDrawdown: string;
  trades: number;
  sharpe?: string;
  winRate?: string;
  exposure?: string;
}

/** "Past results do not predict future ones": said wherever a result is shown. */
export function PastResultsNote() {
  return (
    <p className="q-notice" role="note" data-testid="quant-past-results">
      <Trans comment="Quant: under every backtest or optimisation result">
        These are results of a simulation over past prices. Past results do not predict future ones;
        this is not a promise of any income.
      </Trans>
    </p>
  );
}

export function BacktestFigures(props: { summary: BacktestSummary; testId: string }) {
  const { i18n } = useLingui();
  const { summary } = props;
  const locale = i18n.locale;
  const percent = (rate: string) => formatSignedMoney(ratePercent(rate), locale);
  const trend = summary.returnRate.startsWith("-") ? "q-down" : "q-up";
  return (
    <dl className="q-quant__figures" data-testid={props.testId}>
      <div>
        <dt>
          <Trans comment="Quant backtest: total return over the period, in percent">
            Return (%)
          </Trans>
        </dt>
        <dd className={trend} data-testid="quant-return">
          {percent(summary.returnRate)}
        </dd>
      </div>
      <div>
        <dt>
          <Trans comment="Quant backtest: the largest fall from a peak of equity, in percent">
            Max drawdown (%)
          </Trans>
        </dt>
        <dd data-testid="quant-drawdown">
          {formatMoney(ratePercent(summary.maxDrawdown), locale)}
        </dd>
      </div>
      <div>
        <dt>
          <Trans comment="Quant backtest: how many trades it made">Trades</Trans>
        </dt>
        <dd data-testid="quant-trades-count">{i18n.number(summary.trades)}</dd>
      </div>
      {summary.sharpe !== undefined && (
        <div>
          <dt>
            <Trans comment="Quant backtest: Sharpe ratio (return per unit of volatility)">
              Sharpe ratio
            </Trans>
          </dt>
          <dd data-testid="quant-sharpe">{formatMoney(summary.sharpe, locale)}</dd>
        </div>
      )}
      {summary.winRate !== undefined && (
        <div>
          <dt>
            <Trans comment="Quant backtest: share of trades that made money, in percent">
              Win rate (%)
            </Trans>
          </dt>
          <dd data-testid="quant-win-rate">{formatMoney(ratePercent(summary.winRate), locale)}</dd>
        </div>
      )}
      {summary.exposure !== undefined && (
        <div>
          <dt>
            <Trans comment="Quant backtest: share of the time it held a position, in percent">
              Time in the market (%)
            </Trans>
          </dt>
          <dd data-testid="quant-exposure">{formatMoney(ratePercent(summary.exposure), locale)}</dd>
        </div>
      )}
    </dl>
  );
}

export function Assumptions(props: { assumptions: QuantAssumptions }) {
  const { i18n } = useLingui();
  const a = props.assumptions;
  const locale = i18n.locale;
  const from = timeText(a.from, locale);
  const to = timeText(a.to, locale);
  const candles = i18n.number(a.candles);
  const interval = a.interval;
  const capital = formatMoney(a.initialCapital, locale);
  const fee = formatMoney(ratePercent(a.feeRate), locale);
  const leverage = i18n.number(a.leverage);
  const params = Object.entries(a.params);
  const slippage =
    a.slippageRate === undefined ? null : formatMoney(ratePercent(a.slippageRate), locale);
  const band =
    a.rebalanceBand === undefined ? null : formatMoney(ratePercent(a.rebalanceBand), locale);
  return (
    <details className="q-quant__assumptions" data-testid="quant-assumptions">
      <summary>
        <Trans comment="Quant: the list of what a backtest result depends on">Assumptions</Trans>
      </summary>
      <ul>
        <li>
          <Trans comment="Quant assumption: the period and candles used; interval like 1h">
            Period {from} – {to}: {candles} candles of {interval}
          </Trans>
        </li>
        <li>
          <Trans comment="Quant assumption">Starting capital: {capital} USDT</Trans>
        </li>
        <li>
          <Trans comment="Quant assumption: fee per fill, in percent">
            Fee: {fee} % of each fill
          </Trans>
        </li>
        <li>
          <Trans comment="Quant assumption">Leverage: {leverage}×</Trans>
        </li>
        <li data-testid="quant-assumption-fill">
          <Trans comment="Quant assumption: which price a signal fills at">
            A signal on a candle's close fills at the next candle's open, long only; a position
            still open at the end is sold at the last close.
          </Trans>{" "}
          {band !== null && (
            <Trans comment="Quant assumption: the rebalance band, in percent of buying power">
              The position moves only when the target changes by at least {band} % of buying power
              (capital × leverage), or to exit.
            </Trans>
          )}
        </li>
        <li data-testid="quant-assumption-slippage">
          {slippage !== null ? (
            <Trans comment="Quant assumption: slippage in percent; fills are priced against the trader">
              Every fill is {slippage} % worse than its price (buys higher, sales lower), rounded to
              the price step against you; orders below the symbol's minimum quantity or value are
              not placed.
            </Trans>
          ) : (
            <Trans comment="Quant assumption: a result stored before slippage was given as a figure">
              Fills include slippage against you and the symbol's minimums.
            </Trans>
          )}
        </li>
        <li data-testid="quant-assumption-sharpe">
          <Trans comment="Quant assumption: how the Sharpe ratio is computed">
            Sharpe ratio: from daily returns (each UTC day's last equity), annualised by √365, no
            risk-free rate; 0 for a period under two days.
          </Trans>
        </li>
        {params.map(([name, value]) => (
          <li key={name}>
            {paramLabel(i18n, name)}: {i18n.number(value, { maximumFractionDigits: 10 })}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The whole result: figures, the equity curve, the assumptions and the note. */
export function BacktestResultView(props: { result: QuantBacktestResult; testId: string }) {
  const { i18n } = useLingui();
  const { result } = props;
  return (
    <div className="q-quant__result" data-testid={props.testId}>
      <BacktestFigures summary={result} testId={`${props.testId}-figures`} />
      <Suspense fallback={<div className="q-chart__plot q-quant__plot" />}>
        <EquityChart
          points={result.equity}
          base={result.assumptions.initialCapital}
          locale={i18n.locale}
          testId={`${props.testId}-equity`}
        />
      </Suspense>
      <QuantFills fills={result.fills} />
      <Assumptions assumptions={result.assumptions} />
      <PastResultsNote />
    </div>
  );
}
