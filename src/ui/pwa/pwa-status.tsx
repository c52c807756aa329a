import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { useUpdateChecks } from "./use-update-checks";
import "./pwa-status.css";

// Long enough to read on a phone, short enough not to sit on the screen the user came for.
const offlineReadyVisibleMs = 6000;

/**
 * Registers the service worker and tells the user about it: a persistent prompt when a new
 * version waits (registerType "prompt", so nothing reloads under someone mid-order) and a
 * short notice the first time the app is ready offline. Mount once, in the root layout.
 *
 * `appOutdated`: the server sent account data this version cannot read, so the account stopped
 * syncing. Then a notice stays until the update: it looks for a new version at once and offers
 * the reload as soon as one waits.
 */
export function PwaStatus(props: { appOutdated?: boolean }) {
  const appOutdated = props.appOutdated ?? false;
  const { t } = useLingui();
  const messageId = useId();
  const [registration, setRegistration] = useState<ServiceWorkerRegistration>();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, swRegistration) => setRegistration(swRegistration),
    onRegisterError: (error: unknown) => console.error("Service worker registration failed", error),
  });

  useUpdateChecks(registration);

  useEffect(() => {
    if (!appOutdated || registration === undefined) return;
    registration
      .update()
      .catch((error: unknown) => console.warn("Service worker update check failed", error));
  }, [appOutdated, registration]);

  useEffect(() => {
    if (!offlineReady) return;
    const timer = window.setTimeout(() => setOfflineReady(false), offlineReadyVisibleMs);
    return () => window.clearTimeout(timer);
  }, [offlineReady, setOfflineReady]);

  // Resolves once the waiting worker has been told to take over; the page then reloads when
  // it gains control. Pressing twice only repeats that message, so the button stays enabled.
  const reload = (): void => {
    // workbox-window only reloads by itself when the page was already controlled at load; on a
    // first visit (the worker claimed the page later) it would swap workers silently.
    navigator.serviceWorker?.addEventListener("controllerchange", () => window.location.reload(), {
      once: true,
    });
    updateServiceWorker(true).catch((error: unknown) =>
      console.error("Service worker update failed", error),
    );
  };

  return (
    <div className="q-pwa-status">
      {appOutdated && (
        <div className="q-pwa-status__card" role="alert" data-testid="app-outdated">
          <p className="q-pwa-status__text" id={messageId}>
            <Trans>
              This version of Quanta cannot read your account's latest changes, so it stopped
              syncing them. Update the app to continue.
            </Trans>
          </p>
          {needRefresh && (
            <div className="q-pwa-status__actions">
              <ReloadButton describedBy={messageId} onClick={reload} />
            </div>
          )}
        </div>
      )}
      {needRefresh && !appOutdated && (
        <div className="q-pwa-status__card" role="alert" data-testid="pwa-update">
          <p className="q-pwa-status__text" id={messageId}>
            <Trans>New version available</Trans>
          </p>
          <div className="q-pwa-status__actions">
            <button
              type="button"
              className="q-pwa-status__button"
              aria-describedby={messageId}
              onClick={() => setNeedRefresh(false)}
            >
              <Trans>Close</Trans>
            </button>
            <ReloadButton describedBy={messageId} onClick={reload} />
          </div>
        </div>
      )}
      {/* Always mounted so screen readers announce the notice when it is inserted. */}
      <div role="status">
        {offlineReady && (
          <div className="q-pwa-status__card" data-testid="pwa-offline-ready">
            <p className="q-pwa-status__text">
              <Trans>Ready to work offline</Trans>
            </p>
            <button
              type="button"
              className="q-pwa-status__dismiss"
              aria-label={t`Dismiss`}
              onClick={() => setOfflineReady(false)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

function ReloadButton(props: { describedBy: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="q-pwa-status__button q-pwa-status__button--primary"
      aria-describedby={props.describedBy}
      onClick={props.onClick}
    >
      <Trans>Reload</Trans>
    </button>
  );
}
