// One user as an operator sees them: the balances the user's own assets overview shows (the
// server reads them with the same function), wallet sessions (never a token), the lock and its
// reason, identity, the bills page by page, and lock/unlock.
import { Trans, useLingui } from "@lingui/react/macro";
import { readUser, type AdminUserDetail } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { timeText } from "./time-text";
import { UserBills } from "./user-bills";
import { IdentityText, LockText } from "./user-state-text";
import { UserLockForm } from "./user-lock-form";
import { useRemote } from "./use-remote";

export function UserDetail(props: { address: string; onBack: () => void }) {
  const { i18n } = useLingui();
  const remote = useRemote(() => readUser(props.address), props.address);
  const detail = remote.data;
  return (
    <section className="q-admin-card" data-testid="user-detail">
      <button type="button" className="q-admin-link" onClick={props.onBack} data-testid="user-back">
        <Trans>Back to the search</Trans>
      </button>
      <h1 className="q-admin-title q-admin-address">
        <code>{props.address}</code>
      </h1>
      <ErrorLine error={remote.error ? consoleErrorText(i18n, remote.error) : null} role="alert" />
      {detail !== null && <DetailBody detail={detail} onChanged={remote.reload} />}
      <UserBills address={props.address} />
    </section>
  );
}

function DetailBody({ detail, onChanged }: { detail: AdminUserDetail; onChanged: () => void }) {
  const { i18n } = useLingui();
  const { user, assets, sessions } = detail;
  const { withdrawing, withdrawn } = assets.usdt;
  return (
    <>
      <dl className="q-admin-facts">
        <div className="q-admin-fact">
          <dt>
            <Trans>Signed up</Trans>
          </dt>
          <dd>{timeText(user.createdAt, i18n.locale)}</dd>
        </div>
        <div className="q-admin-fact">
          <dt>
            <Trans>Identity</Trans>
          </dt>
          <dd>
            <IdentityText status={user.identity} />
          </dd>
        </div>
        <div className="q-admin-fact" data-testid="user-lock-state">
          <dt>
            <Trans>Account</Trans>
          </dt>
          <dd>
            <LockText user={user} />
          </dd>
        </div>
      </dl>
      <UserLockForm address={user.address} locked={user.locked} onChanged={onChanged} />
      <h2 className="q-admin-subtitle">
        <Trans>Balances</Trans>
      </h2>
      <table className="q-admin-table" data-testid="user-balances">
        <thead>
          <tr>
            <th>
              <Trans>Asset</Trans>
            </th>
            <th>
              <Trans>Available</Trans>
            </th>
            <th>
              <Trans>Frozen</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {assets.balances.map((balance) => (
            <tr key={balance.asset} data-testid={`user-balance-${balance.asset}`}>
              <td>{balance.asset}</td>
              <td>{balance.available}</td>
              <td>{balance.frozen}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="q-admin-note" data-testid="user-withdrawing">
        <Trans>
          Of the frozen USDT, {withdrawing} is in withdrawals under review or being sent;{" "}
          {withdrawn} USDT withdrawn in all.
        </Trans>
      </p>
      <h2 className="q-admin-subtitle">
        <Trans>Sessions</Trans>
      </h2>
      {sessions.length === 0 ? (
        <p className="q-admin-note">
          <Trans>No sessions.</Trans>
        </p>
      ) : (
        <table className="q-admin-table" data-testid="user-sessions">
          <thead>
            <tr>
              <th>
                <Trans>Signed in</Trans>
              </th>
              <th>
                <Trans>Last seen</Trans>
              </th>
              <th>
                <Trans>Ends</Trans>
              </th>
              <th>
                <Trans>State</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id} data-testid="user-session">
                <td>{timeText(session.createdAt, i18n.locale)}</td>
                <td>{timeText(session.lastSeenAt, i18n.locale)}</td>
                <td>
                  {timeText(
                    session.expiresAt < session.idleExpiresAt
                      ? session.expiresAt
                      : session.idleExpiresAt,
                    i18n.locale,
                  )}
                </td>
                <td>
                  {session.live ? (
                    <Trans>Active</Trans>
                  ) : session.revokedAt !== null ? (
                    <Trans>Signed out</Trans>
                  ) : (
                    <Trans>Expired</Trans>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
