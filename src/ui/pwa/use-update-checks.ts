import { useEffect } from "react";

const hourly = 60 * 60 * 1000;
// Focus and visibilitychange usually fire together, and phones switch apps often: one check a
// minute is plenty and keeps sw.js requests off the server's rate limit.
const minimumGap = 60 * 1000;

/**
 * Asks the browser to look for a new service worker hourly and whenever the app comes back to the
 * foreground or online. Browsers check on navigation only, and an installed PWA can stay open on
 * one screen for days.
 */
export function useUpdateChecks(registration: ServiceWorkerRegistration | undefined): void {
  useEffect(() => {
    if (registration === undefined) return;
    let lastCheck = Date.now();
    let checking = false;

    const check = (): void => {
      // Offline, update() can only fail; with a worker installing, a check is already under way.
      if (!navigator.onLine || checking || registration.installing !== null) return;
      if (Date.now() - lastCheck < minimumGap) return;
      checking = true;
      lastCheck = Date.now();
      registration
        .update()
        .catch((error: unknown) => console.warn("Service worker update check failed", error))
        .finally(() => {
          checking = false;
        });
    };
    const checkWhenVisible = (): void => {
      if (document.visibilityState === "visible") check();
    };

    const timer = window.setInterval(check, hourly);
    window.addEventListener("focus", check);
    window.addEventListener("online", check);
    document.addEventListener("visibilitychange", checkWhenVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", check);
      window.removeEventListener("online", check);
      document.removeEventListener("visibilitychange", checkWhenVisible);
    };
  }, [registration]);
}
