import { t } from "@lingui/core/macro";
import type { AnyRouter } from "@tanstack/react-router";
import { configureApi } from "../../api/client";
import { clearSession, getToken } from "../../db/session";
import { translateServerMessage } from "../../i18n/server-messages";
import { i18n } from "../../i18n/setup";
import { signOut } from "../../sync/account";
import { reportReachability, startOnlineTracking } from "../../sync/online";
import { startProfileRefresh } from "../../sync/profile-refresh";
import { refreshServerInfo } from "../../sync/server-info";
import { showToast } from "../../ui/toast/toast-store";

/** Connects transport, session, navigation and toasts — the app's one piece of wiring. */
export function wireApp(router: AnyRouter): void {
  const origin = window.location.origin;
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
      // Every call of a locked account answers 403 ACCOUNT_LOCKED: sign out here, tell the
      // user why in their language, and show the only screen they may still use.
      void signOut();
      showToast(t`Your account is locked`);
      void toLogin();
    },
    onError: (message) => showToast(translateServerMessage(i18n, message)),
    onReachability: reportReachability,
  });
  startOnlineTracking(() => void refreshServerInfo(origin));
  void refreshServerInfo(origin);
  startProfileRefresh();
}
