import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Menu } from "lucide-react";
import { lazy, Suspense } from "react";
import { useServerInfo } from "../../ui/app-state/use-app-state";
import { BrandMark } from "./brand-mark";

// The unread count reads IndexedDB: loaded after the entry chunk, so Dexie stays out of it
// (DESIGN §8 budget). The fallback keeps the button's place, so the header does not shift.
const MessagesButton = lazy(() =>
  import("./messages-button").then((module) => ({ default: module.MessagesButton })),
);

export function AppHeader(props: { onMenu: () => void; menuOpen: boolean }) {
  const { t } = useLingui();
  const server = useServerInfo();
  return (
    <header className="q-header">
      <button
        type="button"
        className="q-header__menu"
        aria-label={t`Menu`}
        aria-expanded={props.menuOpen}
        onClick={props.onMenu}
        data-testid="menu-button"
      >
        <Menu className="q-header__menu-icon" aria-hidden="true" focusable="false" />
      </button>
      <Link to="/home" className="q-header__brand">
        <BrandMark />
        <span>Quanta</span>
      </Link>
      {server?.mode === "demo" && (
        <span className="q-badge" data-testid="demo-badge" title={t`Simulated market, test money`}>
          <Trans>Demo</Trans>
        </span>
      )}
      <Suspense fallback={<span className="q-header__messages" aria-hidden="true" />}>
        <MessagesButton />
      </Suspense>
    </header>
  );
}
