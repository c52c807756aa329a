// The app's one piece of wiring: transport hooks (session, navigation, toasts, online state),
// the chain behind the sync layer's port, and the sync engine with the content language.
import { t } from "@lingui/core/macro";
import type { AnyRouter } from "@tanstack/react-router";
import { configureApi } from "../../api/client";
import { clearSession, getToken } from "../../db/session";
import { isLang } from "../../i18n/locales";
import { refusalText } from "../../i18n/refusal-text";
import { i18n, initialLang } from "../../i18n/setup";
import { signOut } from "../../sync/account";
import { reportReachability, startOnlineTracking } from "../../sync/online";
import { refreshServerInfo } from "../../sync/server-info";
import { provideUsdtChain } from "../../sync/usdt-chain-port";
import { listenForInstallPrompt } from "../../ui/pwa/install-prompt";
import { showToast } from "../../ui/toast/toast-store";
import { startScreenCopies } from "./screen-html-snapshot";

/** Connects transport, session, navigation, toasts and the sync engine. */
export function wireApp(router: AnyRouter): void {
  const origin = window.location.origin;
  // Chromium offers installing once, early; kept for the install buttons (/system, /home).
  listenForInstallPrompt();
  // Navigation errors are swallowed (DESIGN §7): a superseded navigation is not a failure.
  const toLogin = () => router.navigate({ to: "/login" }).catch(() => undefined);
  configureApi({
    origin,
    getToken,
    onUnauthorized: () => {
      clearSession();
      void toLogin();
    },
    onLocked: () => {
      // Every call of a locked account answers 403 ACCOUNT_LOCKED — the sync engine's pulls
      // included, on start, focus and every minute: sign out here, tell the user why in their
      // language, and show the only screen they may still use.
      void signOut();
      showToast(t`Your account is locked`);
      void toLogin();
    },
    onError: (error) => showToast(refusalText(i18n, error)),
    onReachability: reportReachability,
  });
  // The chain (viem) loads on first use, in a `wallet-*` chunk the service worker never precaches.
  provideUsdtChain(() => import("../../wallet/usdt-chain"));
  startOnlineTracking(() => void refreshServerInfo(origin));
  // The last-seen local screen's HTML, painted by public/paint-snapshot.js on the next start.
  startScreenCopies(router);
  void refreshServerInfo(origin);

  // Dexie and the engine load right after the entry chunk, not in it.
  // A failed load (the chunk missing after an update) leaves the screens on what IndexedDB has.
  const sync = import("../../sync/app-sync");
  // The engine starts when the main thread first idles, i.e. after the first screen painted
  // (src/main.tsx renders first): its start is work the first paint must not wait for, and
  // offline it has nothing to pull anyway. At the latest a second in; Safari has no idle callback.
  const whenIdle =
    typeof window.requestIdleCallback === "function"
      ? (run: () => void) => window.requestIdleCallback(run, { timeout: 1_000 })
      : (run: () => void) => window.setTimeout(run, 0);
  whenIdle(() => {
    sync.then(({ startAppSync }) => startAppSync(initialLang())).catch(() => undefined);
  });
  // Lingui emits "change" on every activation: at start and when the user switches language.
  i18n.on("change", () => {
    const lang = i18n.locale;
    if (!isLang(lang)) return;
    sync.then(({ setContentLanguage }) => setContentLanguage(lang)).catch(() => undefined);
  });
}
