import type { AnyRouter } from "@tanstack/react-router";
import { configureApi } from "../../api/client";
import { clearSession, getToken } from "../../db/session";
import { translateServerMessage } from "../../i18n/server-messages";
import { i18n } from "../../i18n/setup";
import { reportReachability, startOnlineTracking } from "../../sync/online";
import { refreshServerInfo } from "../../sync/server-info";
import { showToast } from "../../ui/toast/toast-store";

/** Connects transport, session, navigation and toasts — the app's one piece of wiring. */
export function wireApp(router: AnyRouter): void {
  const origin = window.location.origin;
  configureApi({
    origin,
    getToken,
    onUnauthorized: () => {
      clearSession();
      // Navigation errors are swallowed (DESIGN §7).
      router.navigate({ to: "/login" }).catch(() => undefined);
    },
    onError: (message) => showToast(translateServerMessage(i18n, message)),
    onReachability: reportReachability,
  });
  startOnlineTracking(() => void refreshServerInfo(origin));
  void refreshServerInfo(origin);
}
