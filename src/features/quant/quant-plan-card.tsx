// One plan: its name (worded from strategy, duration and level), what the strategy does and when
// it loses, its terms, and its recorded 30-day backtest — the figures from the catalogue, and the
// equity curve and assumptions once read (kept for offline) — or that none is recorded yet. The
// subscribe button says why it cannot be used (a level too low, offline).
import { Trans, useLingui } from "@lingui/react/macro";
import type { QuantPlan } from "../../../protocol/quant";
import { useQuantPlanBacktest } from "../../db/queries/quant";
import { formatMoney } from "../../lib/format/format-money";
import { BacktestFigures, BacktestResultView, PastResultsNote } from "./quant-backtest-view";
import { durationText, OFFLINE_TEXT, planTitle, strategyAbout } from "./quant-labels";
import { ratePercent, timeText } from "./quant-math";

export function QuantPlanCard(props: {
  plan: QuantPlan;
  /** null until the quota was read. */
  userLevel: number | null;
  offline: boolean;
  onSubscribe: () => void;
}) {
  const { i18n } = useLingui();
  const { plan } = props;
  const locale = i18n.locale;
  const locked = props.userLevel !== null && plan.level > props.userLevel;
  const required = plan.level;
  const yours = props.userLevel ?? 0;
  const min = formatMoney(plan.minAmount, locale);
  const max = formatMoney(plan.maxAmount, locale);
  const profit = formatMoney(ratePercent(plan.maxProfitRate), locale);
  const loss = formatMoney(ratePercent(plan.maxLossRate), locale);
  const leverage = i18n.number(plan.leverage);
  const symbols = plan.tradingArea.join(", ");
  const reason = locked ? null : props.offline ? i18n._(OFFLINE_TEXT) : null;
  return (
    <li
      className="q-card q-quant__plan"
      data-testid={`quant-plan-${plan.id}`}
      data-level={plan.level}
    >
      <h3 className="q-quant__title">{planTitle(i18n, plan)}</h3>
      <p className="q-muted">{strategyAbout(i18n, plan.strategy)}</p>
      <dl className="q-quant__terms" data-testid="quant-plan-terms">
        <dt>
          <Trans comment="Quant plan term">Amount (USDT)</Trans>
        </dt>
        <dd data-testid="quant-plan-range">
          {min} – {max}
        </dd>
        <dt>
          <Trans comment="Quant plan term">Leverage</Trans>
        </dt>
        <dd>{leverage}×</dd>
        <dt>
          <Trans comment="Quant plan term: the markets it trades">Markets</Trans>
        </dt>
        <dd>{symbols}</dd>
        <dt>
          <Trans comment="Quant plan term: the plan stops when its profit reaches this share of the amount">
            Stops at a profit of (%)
          </Trans>
        </dt>
        <dd>{profit}</dd>
        <dt>
          <Trans comment="Quant plan term: the plan stops when its loss reaches this share of the amount">
            Stops at a loss of (%)
          </Trans>
        </dt>
        <dd data-testid="quant-plan-max-loss">{loss}</dd>
        <dt>
          <Trans comment="Quant plan term: how long it runs">Runs for</Trans>
        </dt>
        <dd>{durationText(i18n, plan.durationMinutes)}</dd>
      </dl>
      <PlanBacktest plan={plan} />
      {locked ? (
        <p className="q-notice" data-testid="quant-plan-locked">
          <Trans comment="Quant: a plan above the user's credit level">
            This plan needs credit level {required}; yours is {yours}.
          </Trans>
        </p>
      ) : (
        reason !== null && (
          <p className="q-notice" role="status" data-testid="quant-plan-blocked">
            {reason}
          </p>
        )
      )}
      <button
        type="button"
        className="q-button"
        disabled={locked || reason !== null}
        onClick={props.onSubscribe}
        data-testid="quant-plan-subscribe"
      >
        <Trans comment="Quant: opens the subscribe sheet of a plan">Subscribe</Trans>
      </button>
    </li>
  );
}

/**
 * The recorded backtest runs the plan's strategy on the first symbol of its trading area (the
 * server's plan-schedule.ts); a plan that trades more says which part the figures cover.
 */
function CoverageNote(props: { tradingArea: readonly string[] }) {
  const [first, ...others] = props.tradingArea;
  if (first === undefined || others.length === 0) return null;
  const symbol = first;
  const rest = others.join(", ");
  return (
    <p className="q-muted" data-testid="quant-plan-backtest-coverage">
      <Trans comment="Quant: a multi-symbol plan's backtest covers only its first symbol; rest is a list of symbols">
        On {symbol} only: the plan also trades {rest}, which this backtest does not cover.
      </Trans>
    </p>
  );
}

function PlanBacktest(props: { plan: QuantPlan }) {
  const { i18n } = useLingui();
  const summary = props.plan.backtest;
  const full = useQuantPlanBacktest(summary?.backtestId ?? null);
  if (summary === null) {
    return (
      <p className="q-muted" data-testid="quant-plan-no-backtest">
        <Trans comment="Quant: a plan whose 30-day backtest has not been computed yet">
          No backtest of this plan has been recorded yet, so there is nothing to show about how it
          would have done.
        </Trans>
      </p>
    );
  }
  const from = timeText(summary.from, i18n.locale);
  const to = timeText(summary.to, i18n.locale);
  const result = full.status === "ready" ? (full.value?.result ?? null) : null;
  return (
    <section className="q-quant__backtest" data-testid="quant-plan-backtest">
      <h4 className="q-quant__subtitle">
        <Trans comment="Quant: the plan's backtest over the last 30 days, with its period">
          Backtest of its current parameters, {from} – {to}
        </Trans>
      </h4>
      <CoverageNote tradingArea={props.plan.tradingArea} />
      {result === null ? (
        <>
          <BacktestFigures summary={summary} testId="quant-plan-figures" />
          <PastResultsNote />
        </>
      ) : (
        <BacktestResultView result={result} testId="quant-plan-result" />
      )}
    </section>
  );
}
