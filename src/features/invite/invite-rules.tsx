// The reward rules as the server applies them (GET /invite `rule`), and the "budget empty:
// waiting" state: earned rewards are paid only from the promotions budget the operator funds.
import { Trans, useLingui } from "@lingui/react/macro";
import type { InviteRow } from "../../db/queries/invite";
import { formatMoney } from "../../lib/format/format-money";

export function InviteRules(props: { invite: InviteRow }) {
  const { i18n } = useLingui();
  const { rule, waitingRewards } = props.invite;
  const reward = formatMoney(rule.reward, i18n.locale);
  const minDeposit = formatMoney(rule.minDeposit, i18n.locale);
  return (
    <section className="q-card q-invite__rules" aria-labelledby="invite-rules-title">
      <h2 id="invite-rules-title">
        <Trans>Reward rules</Trans>
      </h2>
      {waitingRewards > 0 && (
        <p className="q-notice" role="status" data-testid="invite-waiting">
          <Trans>
            Budget empty: waiting. Rewards you have earned ({waitingRewards}) wait because the
            promotions budget is empty. They are paid as soon as the operator funds it; nothing is
            lost.
          </Trans>
        </p>
      )}
      <ul className="q-invite__rule-list" data-testid="invite-rules">
        <li>
          {rule.needsVerification ? (
            <Trans>
              You receive {reward} USDT (gift bonus) for each person who signs in through your link,
              passes identity verification and deposits at least {minDeposit} USDT in total.
            </Trans>
          ) : (
            <Trans>
              You receive {reward} USDT (gift bonus) for each person who signs in through your link
              and deposits at least {minDeposit} USDT in total.
            </Trans>
          )}
        </li>
        <li>
          <Trans>
            The link counts only for a wallet&apos;s first sign-in. One reward per person: a second
            account of the same identity, or your own, earns none.
          </Trans>
        </li>
        <li>
          <Trans>
            Rewards are paid from a promotions budget the operator funds with real money. When it is
            empty, earned rewards wait and are paid once it is funded. Rewards never come from other
            users&apos; money.
          </Trans>
        </li>
      </ul>
    </section>
  );
}
