import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { tabItems } from "./nav-items";

/** The places people go most, one tap away at the bottom of a phone screen; only live ones. */
export function TabBar() {
  const { i18n, t } = useLingui();
  return (
    <nav className="q-tabbar" aria-label={t`Sections`}>
      {tabItems().map(({ to, label, tabLabel, icon: Icon }) => (
        <Link key={to} to={to} activeProps={{ "aria-current": "page" }} data-testid="tab">
          <Icon className="q-tabbar__icon" aria-hidden="true" focusable="false" />
          <span>{i18n._(tabLabel ?? label)}</span>
        </Link>
      ))}
    </nav>
  );
}
