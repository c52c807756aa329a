import { refreshProfile } from "./account";

/** How often an open, signed-in app re-reads its profile (so an operator's lock reaches it). */
export const PROFILE_REFRESH_MS = 60_000;

/** Refreshes the profile now, when the app comes back to the foreground, and every minute. */
export function startProfileRefresh(): () => void {
  const refresh = () => void refreshProfile();
  const onVisible = () => {
    if (document.visibilityState === "visible") refresh();
  };
  refresh();
  window.addEventListener("focus", refresh);
  document.addEventListener("visibilitychange", onVisible);
  const timer = setInterval(refresh, PROFILE_REFRESH_MS);
  return () => {
    window.removeEventListener("focus", refresh);
    document.removeEventListener("visibilitychange", onVisible);
    clearInterval(timer);
  };
}
