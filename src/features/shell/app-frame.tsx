import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { useRouterState } from "@tanstack/react-router";
import { InstallCard } from "../../ui/pwa/install-app";
import { PwaStatus } from "../../ui/pwa/pwa-status";
import { AppHeader } from "./app-header";
import { MainNav } from "./main-nav";
import { OfflineBanner } from "./offline-banner";
import { TabBar } from "./tab-bar";
import { useSignedIn } from "../../ui/app-state/use-app-state";
import "./shell.css";

const AppOutdatedProbe = lazy(() => import("./app-outdated-probe"));

/** Header, menu and tab bar around every signed-in screen; the login screen stands alone. */
export function AppFrame(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const [appOutdated, setAppOutdated] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // Sign-in lands on /home: the place to offer installing, once, until installed or put away.
  const onHome = useRouterState({ select: (state) => state.location.pathname === "/home" });
  // The operator console (/admin) has its own session and frame: no wallet user's chrome there.
  const onConsole = useRouterState({
    select: (state) => /^\/admin(\/|$)/.test(state.location.pathname),
  });
  const userChrome = signedIn && !onConsole;
  return (
    <div className="q-shell">
      <OfflineBanner />
      {userChrome && <AppHeader onMenu={() => setMenuOpen((open) => !open)} menuOpen={menuOpen} />}
      {userChrome && <MainNav open={menuOpen} onClose={closeMenu} />}
      <div className="q-shell__content">
        {userChrome && onHome && (
          <div className="q-shell__install">
            <InstallCard />
          </div>
        )}
        {props.children}
      </div>
      {userChrome && <TabBar />}
      <Suspense fallback={null}>
        <AppOutdatedProbe onChange={setAppOutdated} />
      </Suspense>
      <PwaStatus appOutdated={appOutdated} />
    </div>
  );
}
