// The plan catalogue by credit level (0-4), each level with its quota from the level table; a
// plan above the user's level is shown locked with the level it needs.
import { Trans, useLingui } from "@lingui/react/macro";
import { CREDIT_LEVELS } from "../../../protocol/credit-levels";
import type { QuantPlan } from "../../../protocol/quant";
import type { QuantQuotaRow } from "../../db/queries/quant";
import { formatMoney } from "../../lib/format/format-money";
import { QuantPlanCard } from "./quant-plan-card";

export function QuantPlanList(props: {
  plans: readonly QuantPlan[] | null;
  quota: QuantQuotaRow | null;
  offline: boolean;
  onSubscribe: (plan: QuantPlan) => void;
}) {
  const { i18n } = useLingui();
  const { plans, quota } = props;
  if (plans === null) {
    return (
      <p className="q-card q-muted" data-testid="quant-plans-missing">
        <Trans comment="Quant: the plan catalogue was never downloaded on this device">
          The plans have not been downloaded on this device yet.
        </Trans>
      </p>
    );
  }
  return (
    <div className="q-quant__levels" data-testid="quant-plans">
      {CREDIT_LEVELS.map((row) => {
        const ofLevel = plans.filter((plan) => plan.level === row.level);
        if (ofLevel.length === 0) return null;
        const level = row.level;
        const limit = formatMoney(row.quota, i18n.locale);
        return (
          <section key={level} className="q-quant__level" data-testid={`quant-level-${level}`}>
            <h2 className="q-quant__title">
              <Trans comment="Quant: a group of plans by the credit level they need, with that level's quota">
                Level {level} · quota {limit} USDT
              </Trans>
            </h2>
            <ul className="q-quant__list">
              {ofLevel.map((plan) => (
                <QuantPlanCard
                  key={plan.id}
                  plan={plan}
                  userLevel={quota?.creditLevel ?? null}
                  offline={props.offline}
                  onSubscribe={() => props.onSubscribe(plan)}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
