import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { NAV_ITEMS } from "./nav-items";

/** The five places people go most, always one tap away at the bottom of a phone screen. */
const TAB_PATHS = ["/home", "/contract", "/options", "/spots", "/my"];

export function TabBar() {
  const { i18n, t } = useLingui();
  return (
    <nav className="q-tabbar" aria-label={t`Sections`}>
      {NAV_ITEMS.filter((item) => TAB_PATHS.includes(item.to)).map((item) => (
        <Link key={item.to} to={item.to} activeProps={{ "aria-current": "page" }}>
          {i18n._(item.label)}
        </Link>
      ))}
    </nav>
  );
}
