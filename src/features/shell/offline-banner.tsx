import { Trans } from "@lingui/react/macro";
import { useOnline } from "../../ui/app-state/use-app-state";

/** App-wide: when the server cannot be reached, say so once at the top of every screen. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="q-offline" role="status" data-testid="offline-banner">
      <Trans>You are offline. Showing what this device last saw.</Trans>
    </div>
  );
}
