import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useIdentity } from "../../db/identity";
import { useOutbox } from "../../db/outbox";
import { useFreshness } from "../../db/sync-state";
import { WITHDRAWAL_IDENTITY_RULE } from "../../i18n/server-messages";
import { refreshIdentity } from "../../sync/identity";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { showToast } from "../../ui/toast/toast-store";
import { Skeleton } from "../../ui/skeleton/skeleton";
import { newestEntry, OutboxBadge } from "../../ui/outbox/outbox-badge";
import { ScreenFreshness } from "../../ui/app-state/screen-freshness";
import { useSessionUserId } from "../../ui/app-state/use-app-state";
import { IdentityForm } from "./identity-form";
import { IdentityStatus } from "./identity-status";
import "./verify.css";

/**
 * /verified: the latest submission's status (read from IndexedDB, which the sync layer fills),
 * a submission still in the outbox (waiting, sending, failed), and the form when there is none
 * yet or the last one was rejected — but not while one is on its way.
 */
export function VerifyScreen() {
  const { i18n, t } = useLingui();
  const userId = useSessionUserId();
  const identity = useIdentity(userId);

  useEffect(() => {
    // Errors stay quiet: the screen shows what this device last saw.
    refreshIdentity().catch(() => undefined);
  }, [userId]);

  const outbox = useOutbox({ command: "identity.submit" });
  const freshness = useFreshness("account");
  const current = identity.status === "ready" ? identity.value : undefined;
  const entry = outbox.status === "ready" ? newestEntry(outbox.value) : undefined;
  // A sent entry is done: the server's answer arrives through sync as the status above.
  const pending = entry !== undefined && entry.state !== "sent";

  // Say "submitted" when the server took it — which may be long after the form was saved
  // (offline) — and only for an entry this screen saw on its way.
  const seen = useRef<{ id: string; state: string } | null>(null);
  useEffect(() => {
    if (entry === undefined) return;
    const before = seen.current;
    seen.current = { id: entry.id, state: entry.state };
    if (entry.state === "sent" && before?.id === entry.id && before.state !== "sent") {
      showToast(t`Submitted. Submissions are reviewed within 24 hours.`, "success");
    }
  }, [entry, t]);
  return (
    <ScreenFrame title={t`Identity verification`} testId="screen-verified">
      <p className="q-muted" data-testid="verified-withdrawal-rule">
        {i18n._(WITHDRAWAL_IDENTITY_RULE)}
      </p>
      <p className="q-muted">
        <Trans>Your documents are seen only by the operators who review them.</Trans>
      </p>
      <ScreenFreshness at={freshness} />
      {identity.status === "loading" && <Skeleton lines={4} />}
      {identity.status === "error" && (
        <p className="q-notice" role="alert">
          <Trans>The data saved on this device could not be read.</Trans>
        </p>
      )}
      {current !== undefined && <IdentityStatus identity={current} />}
      {entry !== undefined && pending && <OutboxBadge row={entry} />}
      {identity.status === "ready" &&
        !pending &&
        (current === undefined || current.status === 2) && <IdentityForm />}
    </ScreenFrame>
  );
}
