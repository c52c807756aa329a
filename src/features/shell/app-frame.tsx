import { useCallback, useState, type ReactNode } from "react";
import { PwaStatus } from "../../ui/pwa/pwa-status";
import { AppHeader } from "./app-header";
import { MainNav } from "./main-nav";
import { OfflineBanner } from "./offline-banner";
import { TabBar } from "./tab-bar";
import { useSignedIn } from "./use-shell-state";
import "./shell.css";

/** Header, menu and tab bar around every signed-in screen; the login screen stands alone. */
export function AppFrame(props: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return (
    <div className="q-shell">
      <OfflineBanner />
      {signedIn && <AppHeader onMenu={() => setMenuOpen((open) => !open)} menuOpen={menuOpen} />}
      {signedIn && <MainNav open={menuOpen} onClose={closeMenu} />}
      <div className="q-shell__content">{props.children}</div>
      {signedIn && <TabBar />}
      <PwaStatus />
    </div>
  );
}
