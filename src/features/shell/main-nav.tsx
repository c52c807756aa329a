import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { LogOut, Settings } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { signOut as endSession } from "../../sync/account";
import { NAV_ITEMS } from "./nav-items";

/** The full navigation as a drawer; closes on Escape, on a choice, and on the backdrop. */
export function MainNav(props: { open: boolean; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  const soonId = useId();
  const { open, onClose } = props;

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const signOut = () => {
    onClose();
    // Local sign-out is immediate; revoking the token on the server follows in the background.
    void endSession();
    // Navigation errors are swallowed (DESIGN §7): a superseded navigation is not a failure.
    navigate({ to: "/login" }).catch(() => undefined);
  };

  return (
    <div className={open ? "q-drawer q-drawer--open" : "q-drawer"} hidden={!open}>
      <button
        type="button"
        className="q-drawer__backdrop"
        aria-label={t`Close menu`}
        onClick={onClose}
      />
      <nav className="q-drawer__panel" aria-label={t`Main navigation`} ref={panel} tabIndex={-1}>
        <ul>
          {NAV_ITEMS.map(({ to, label, icon: Icon, live }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={onClose}
                activeProps={{ "aria-current": "page" }}
                aria-describedby={live ? undefined : soonId}
              >
                <Icon className="q-drawer__icon" aria-hidden="true" focusable="false" />
                <span>{i18n._(label)}</span>
                {!live && (
                  <span className="q-drawer__soon" aria-hidden="true" data-testid="coming-soon">
                    <Trans>Coming soon</Trans>
                  </span>
                )}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/system" onClick={onClose} activeProps={{ "aria-current": "page" }}>
              <Settings className="q-drawer__icon" aria-hidden="true" focusable="false" />
              <span>
                <Trans>Settings</Trans>
              </span>
            </Link>
          </li>
          <li>
            <button type="button" className="q-drawer__signout" onClick={signOut}>
              <LogOut className="q-drawer__icon" aria-hidden="true" focusable="false" />
              <span>
                <Trans>Sign out</Trans>
              </span>
            </button>
          </li>
        </ul>
        {/* The description of every placeholder link: its name stays the product's name. */}
        <span id={soonId} hidden>
          <Trans>Coming soon</Trans>
        </span>
      </nav>
    </div>
  );
}
