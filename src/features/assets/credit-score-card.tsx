// The user's credit level and weighted score on /my (DESIGN §6): the score, each of its three
// terms with the inputs the server's score job counted, and what the next level needs — as
// GET /profile/score last answered on this device, so it renders offline. Weights and caps come
// from protocol/weighted-score.ts, the same constants the server computes with.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import {
  SCORE_ACTIVE_DAYS_WINDOW,
  SCORE_CONTRIBUTIONS_FOR_FULL,
  SCORE_DEPOSITS_FOR_FULL,
  SCORE_WEIGHTS,
} from "../../../protocol/weighted-score";
import { useWeightedScore, type WeightedScoreRow } from "../../db/queries/weighted-score";
import { formatContentDate } from "../../lib/format/format-date";
import { formatMoney } from "../../lib/format/format-money";
import "./credit-score-card.css";

/** The help centre's answer that publishes the formula and the level table (server seed). */
export const SCORE_HELP_ARTICLE = "what-is-the-weighted-score";

function Term(props: {
  id: string;
  title: ReactNode;
  points: number;
  of: number;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const points = i18n.number(props.points);
  const of = i18n.number(props.of);
  return (
    <li
      className="q-score__term"
      data-testid={`my-score-term-${props.id}`}
      data-points={props.points}
    >
      <div className="q-score__term-head">
        <strong>{props.title}</strong>
        {/* Numbers only: "140 / 400" reads the same in every language. */}
        <span>
          {points} / {of}
        </span>
      </div>
      <p className="q-muted">{props.children}</p>
    </li>
  );
}

function NextLevel(props: { score: WeightedScoreRow }) {
  const { i18n } = useLingui();
  const next = props.score.nextLevel;
  if (next === null) {
    return (
      <p data-testid="my-score-next">
        <Trans comment="Credit score card">You are at the highest credit level.</Trans>
      </p>
    );
  }
  const level = next.level;
  const points = i18n.number(next.pointsNeeded);
  const minScore = i18n.number(next.minScore);
  const quota = formatMoney(next.quota, i18n.locale);
  return (
    <div data-testid="my-score-next" data-level={level}>
      <p>
        <Trans comment="Credit score card: the next credit level and the plan quota it allows">
          Level {level} (plan quota {quota} USDT) needs:
        </Trans>
      </p>
      <ul className="q-score__needs">
        {next.needsVerification && (
          <li data-testid="my-score-needs-verification">
            <Trans comment="Credit score card: what the next level needs">
              identity verification
            </Trans>
          </li>
        )}
        {next.pointsNeeded > 0 && (
          <li data-testid="my-score-needs-points">
            <Trans comment="Credit score card: what the next level needs">
              {points} more points (a score of at least {minScore})
            </Trans>
          </li>
        )}
      </ul>
    </div>
  );
}

function ScoreFigures(props: { score: WeightedScoreRow }) {
  const { i18n, t } = useLingui();
  const { score } = props;
  const { inputs, terms } = score;
  const value = i18n.number(score.weightedScore);
  const deposits = formatMoney(inputs.totalDeposits, i18n.locale);
  const depositsFull = formatMoney(SCORE_DEPOSITS_FOR_FULL, i18n.locale);
  const days = i18n.number(inputs.activeDays);
  const windowDays = i18n.number(SCORE_ACTIVE_DAYS_WINDOW);
  const backtests = i18n.number(inputs.backtests);
  const shared = i18n.number(inputs.strategiesShared);
  const full = i18n.number(SCORE_CONTRIBUTIONS_FOR_FULL);
  const computed =
    score.computedAt === null ? null : formatContentDate(score.computedAt, i18n.locale, true);
  const level = score.creditLevel;
  return (
    <>
      <h2 id="my-score-title" data-testid="my-score-level" data-level={level}>
        <Trans comment="Credit score card: the user's credit level (0-4)">
          Credit level {level}
        </Trans>
      </h2>
      <p className="q-score__value" data-testid="my-score-value" data-score={score.weightedScore}>
        <Trans comment="Credit score card: the weighted score out of 1000">
          Weighted score {value} of 1,000
        </Trans>
      </p>
      <ul className="q-score__terms">
        <Term
          id="total-limit"
          title={t`Total limit`}
          points={terms.totalLimit}
          of={SCORE_WEIGHTS.totalLimit}
        >
          <Trans comment="Credit score card: the input of the total-limit term">
            Credited deposits: {deposits} USDT (the whole term from {depositsFull} USDT).
          </Trans>
        </Term>
        <Term
          id="usage-habits"
          title={t`Usage habits`}
          points={terms.usageHabits}
          of={SCORE_WEIGHTS.usageHabits}
        >
          <Trans comment="Credit score card: the input of the usage-habits term; days are UTC days">
            Days with a trade in the last {windowDays} (UTC): {days}.
          </Trans>
        </Term>
        <Term
          id="contribution"
          title={t`Contribution to model training`}
          points={terms.contribution}
          of={SCORE_WEIGHTS.contribution}
        >
          <Trans comment="Credit score card: the input of the contribution term">
            Finished backtests and optimisations: {backtests}; strategies shared: {shared} (sharing
            is not offered yet). The whole term from {full}.
          </Trans>
        </Term>
      </ul>
      <NextLevel score={score} />
      <p className="q-muted" data-testid="my-score-computed">
        {computed === null ? (
          <Trans comment="Credit score card: the server has not computed this user's score yet">
            Not computed yet. The score is recomputed daily and shortly after a deposit, a trade or
            a finished backtest.
          </Trans>
        ) : (
          <Trans comment="Credit score card: when the server last computed the score">
            Computed {computed}. Recomputed daily and shortly after a deposit, a trade or a finished
            backtest.
          </Trans>
        )}
      </p>
      <Link to="/data/detail" search={{ id: SCORE_HELP_ARTICLE }} data-testid="my-score-help">
        <Trans comment="Credit score card: link to the help centre's answer with the formula">
          How the score and the levels work
        </Trans>
      </Link>
    </>
  );
}

export function CreditScoreCard(props: { userId: string | null }) {
  const score = useWeightedScore(props.userId);
  if (score.status === "loading") return null;
  return (
    <section className="q-card" aria-labelledby="my-score-title" data-testid="my-score">
      {score.status === "ready" && score.value !== undefined ? (
        <ScoreFigures score={score.value} />
      ) : (
        <p className="q-muted q-score__missing" id="my-score-title" data-testid="my-score-missing">
          <Trans comment="Credit score card: the score was never read on this device">
            Your credit level and weighted score appear here after the first update from the server.
          </Trans>
        </p>
      )}
    </section>
  );
}
