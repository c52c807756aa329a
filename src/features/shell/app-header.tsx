import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useServerInfo } from "./use-shell-state";

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
        <span aria-hidden="true">☰</span>
      </button>
      <Link to="/home" className="q-header__brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Quanta</span>
      </Link>
      {server?.mode === "demo" && (
        <span className="q-badge" data-testid="demo-badge" title={t`Simulated market, test money`}>
          <Trans>Demo</Trans>
        </span>
      )}
    </header>
  );
}
