// The user's credit level and plan quota as last read (GET /quant/quota, stored in IndexedDB):
// the level, the weighted score, the level's limit, what running plans hold and what is left.
import { Trans, useLingui } from "@lingui/react/macro";
import type { QuantQuotaRow } from "../../db/queries/quant";
import { formatMoney } from "../../lib/format/format-money";

export function QuantQuotaCard(props: { quota: QuantQuotaRow | null }) {
  const { i18n } = useLingui();
  const { quota } = props;
  const locale = i18n.locale;
  if (quota === null) {
    return (
      <section className="q-card q-muted" data-testid="quant-quota-missing">
        <Trans comment="Quant: the user's quota was never read on this device">
          Your credit level and plan quota have not been read on this device yet.
        </Trans>
      </section>
    );
  }
  const level = quota.creditLevel;
  const score = i18n.number(quota.weightedScore);
  return (
    <section className="q-card q-quant__quota" data-testid="quant-quota" data-level={level}>
      <h2 className="q-quant__title">
        <Trans comment="Quant: the user's credit level (0-4)">Credit level {level}</Trans>
      </h2>
      <p className="q-muted" data-testid="quant-score">
        <Trans comment="Quant: the weighted score out of 1000 that sets the credit level">
          Weighted score {score} of 1,000
        </Trans>
      </p>
      <dl className="q-quant__figures">
        <div>
          <dt>
            <Trans comment="Quant quota: the credit level's limit for running plans">
              Quota (USDT)
            </Trans>
          </dt>
          <dd data-testid="quant-quota-authorised">{formatMoney(quota.authorisedQuota, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Quant quota: what the user's running plans hold">
              In running plans (USDT)
            </Trans>
          </dt>
          <dd data-testid="quant-quota-locked">{formatMoney(quota.lockedLimit, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="Quant quota: what is left for new plans">Available (USDT)</Trans>
          </dt>
          <dd data-testid="quant-quota-available">{formatMoney(quota.availableQuota, locale)}</dd>
        </div>
      </dl>
    </section>
  );
}
