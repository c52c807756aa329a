// The signed-in console: who is signed in, the sections, sign-out, and the screen.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { signOutOperator } from "../../sync/admin/operator-session";
import type { OperatorSessionView } from "../../../protocol/operators";
import { useRoleName } from "./role-name";

export function ConsoleFrame(props: { session: OperatorSessionView; children: ReactNode }) {
  const { t } = useLingui();
  const roleName = useRoleName(props.session.role);
  const sections = [
    { to: "/admin", label: t`Dashboard` },
    { to: "/admin/identity", label: t`Identity` },
    { to: "/admin/recharge", label: t`Recharges` },
    { to: "/admin/withdraw", label: t`Withdrawals` },
    { to: "/admin/users", label: t`Users` },
    { to: "/admin/links", label: t`Links and contacts` },
    { to: "/admin/messages", label: t`Messages` },
    { to: "/admin/subscriptions", label: t`Subscriptions` },
    { to: "/admin/newsletter", label: t`Newsletter` },
    { to: "/admin/mailbox", label: t`Demo mailbox` },
    { to: "/admin/audit", label: t`Audit log` },
    { to: "/admin/articles", label: t`Articles` },
    { to: "/admin/settings", label: t`System settings` },
    { to: "/admin/promotions", label: t`Promotions budget` },
  ] as const;
  const username = props.session.username;
  return (
    <div className="q-admin" data-testid="admin-console">
      <header className="q-admin-header">
        <strong>
          <Trans>Quanta console</Trans>
        </strong>
        <span className="q-admin-operator" data-testid="admin-operator">
          <span>{username}</span>
          <span>{roleName}</span>
        </span>
        <button
          className="q-admin-link"
          type="button"
          onClick={() => void signOutOperator().catch(() => undefined)}
          data-testid="admin-signout"
        >
          <Trans>Sign out</Trans>
        </button>
      </header>
      <nav className="q-admin-nav" aria-label={t`Console sections`}>
        {sections.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            activeOptions={{ exact: true }}
            className="q-admin-nav__link"
            activeProps={{ className: "q-admin-nav__link q-admin-nav__link--active" }}
          >
            {section.label}
          </Link>
        ))}
      </nav>
      <p className="q-admin-online">
        <Trans>The console works online only and keeps no user data on this device.</Trans>
      </p>
      <main className="q-admin-main">{props.children}</main>
    </div>
  );
}
