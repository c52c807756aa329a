// Who joined through the link (addresses masked by the server: first 2 + last 2 characters),
// with the totals: invitees, verified invitees, rewards paid. Each number says what it counts.
import { Trans, useLingui } from "@lingui/react/macro";
import type { InviteRow } from "../../db/queries/invite";
import { formatContentDate } from "../../lib/format/format-date";
import { formatMoney } from "../../lib/format/format-money";

type Item = InviteRow["items"][number];

function RewardState(props: { reward: Item["reward"] }) {
  switch (props.reward) {
    case "paid":
      return <Trans comment="Invite: this invitee's reward was paid">Reward paid</Trans>;
    case "waiting":
      return <Trans comment="Invite: reward earned, promotions budget empty">Reward waiting</Trans>;
    case "none":
      return <Trans comment="Invite: this invitee has not met the rule yet">No reward yet</Trans>;
  }
}

export function InviteInvitees(props: { invite: InviteRow }) {
  const { i18n } = useLingui();
  const { invite } = props;
  const listed = invite.items.length;
  return (
    <section className="q-card q-invite__people" aria-labelledby="invite-people-title">
      <h2 id="invite-people-title">
        <Trans>People you invited</Trans>
      </h2>
      <dl className="q-invite__totals">
        <dt>
          <Trans>Signed in through your link</Trans>
        </dt>
        <dd data-testid="invite-count">{invite.invitees}</dd>
        <dt>
          <Trans>Of them, identity verified</Trans>
        </dt>
        <dd data-testid="invite-verified-count">{invite.verifiedInvitees}</dd>
        <dt>
          <Trans>Rewards paid to you (USDT, bill 105)</Trans>
        </dt>
        <dd data-testid="invite-rewards">{formatMoney(invite.rewards, i18n.locale)}</dd>
      </dl>
      {invite.items.length === 0 ? (
        <p className="q-muted" data-testid="invite-empty">
          <Trans>Nobody has signed in through your link yet.</Trans>
        </p>
      ) : (
        <ul className="q-invite__list" data-testid="invite-list">
          {invite.items.map((item, index) => (
            <li key={`${item.joinedAt}-${index}`} className="q-invite__item" data-testid="invitee">
              <span className="q-invite__address" data-testid="invitee-address">
                {item.address}
              </span>
              <span className="q-muted">{formatContentDate(item.joinedAt, i18n.locale)}</span>
              <span>
                {item.verified ? (
                  <Trans comment="Invite: the invitee passed identity review">
                    Identity verified
                  </Trans>
                ) : (
                  <Trans comment="Invite: the invitee has not passed identity review">
                    Not verified
                  </Trans>
                )}
              </span>
              <span data-testid="invitee-reward">
                <RewardState reward={item.reward} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {invite.invitees > invite.items.length && (
        <p className="q-muted">
          <Trans>The newest {listed} are listed; the totals count everyone.</Trans>
        </p>
      )}
    </section>
  );
}
