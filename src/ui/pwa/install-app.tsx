// "Install the app": the browser's install dialog where there is one, the Share-menu steps on
// iOS, nothing once installed. On /system always; after sign-in as a card the user can put away.
import { Trans } from "@lingui/react/macro";
import { Download, Share } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { installState, promptInstall, subscribeInstallState } from "./install-prompt";
import "./install-app.css";

/** localStorage: the user put the after-sign-in card away; /system still offers installing. */
export const INSTALL_CARD_DISMISSED_KEY = "installCardDismissed";

export function useInstallState() {
  return useSyncExternalStore(subscribeInstallState, installState);
}

export function InstallApp(props: { onDismiss?: () => void }) {
  const state = useInstallState();
  if (state === "installed" || state === "unavailable") return null;
  return (
    <section className="q-card q-install" data-testid="install-app" data-state={state}>
      <h2>
        <Trans>Install the app</Trans>
      </h2>
      <p className="q-muted">
        <Trans>Quanta on your home screen opens like an app and works offline.</Trans>
      </p>
      {state === "prompt" ? (
        <button
          type="button"
          className="q-button"
          onClick={() => void promptInstall()}
          data-testid="install-button"
        >
          <Download aria-hidden="true" className="q-install__icon" />
          <Trans>Install</Trans>
        </button>
      ) : (
        <p data-testid="install-ios">
          <Share aria-hidden="true" className="q-install__icon" />{" "}
          <Trans>In Safari, tap Share, then “Add to Home Screen”.</Trans>
        </p>
      )}
      {props.onDismiss && (
        <button
          type="button"
          className="q-button q-button--ghost"
          onClick={props.onDismiss}
          data-testid="install-dismiss"
        >
          <Trans>Not now</Trans>
        </button>
      )}
    </section>
  );
}

/** The card shown after sign-in until the user installs or puts it away. */
export function InstallCard() {
  const [dismissed, setDismissed] = useState(
    () => localStorage.getItem(INSTALL_CARD_DISMISSED_KEY) === "1",
  );
  if (dismissed) return null;
  const dismiss = () => {
    localStorage.setItem(INSTALL_CARD_DISMISSED_KEY, "1");
    setDismissed(true);
  };
  return <InstallApp onDismiss={dismiss} />;
}
