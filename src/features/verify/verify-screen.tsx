import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useIdentity } from "../../db/identity";
import { refreshIdentity } from "../../sync/identity";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { useSessionUserId } from "../shell/use-shell-state";
import { IdentityForm } from "./identity-form";
import { IdentityStatus } from "./identity-status";
import "./verify.css";

/**
 * /verified: the latest submission's status (read from IndexedDB, which the sync layer fills)
 * and the form when there is none yet or the last one was rejected.
 */
export function VerifyScreen() {
  const { t } = useLingui();
  const userId = useSessionUserId();
  const identity = useIdentity(userId);

  useEffect(() => {
    // Errors stay quiet: the screen shows what this device last saw.
    refreshIdentity().catch(() => undefined);
  }, [userId]);

  const current = identity.status === "ready" ? identity.value : undefined;
  return (
    <ScreenFrame title={t`Identity verification`} testId="screen-verified">
      <p className="q-muted">
        <Trans>
          Some functions, such as withdrawals, need a verified identity. Your documents are seen
          only by the operators who review them.
        </Trans>
      </p>
      {identity.status === "loading" && (
        <p className="q-muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {identity.status === "error" && (
        <p className="q-notice" role="alert">
          <Trans>The data saved on this device could not be read.</Trans>
        </p>
      )}
      {current !== undefined && <IdentityStatus identity={current} />}
      {identity.status === "ready" && (current === undefined || current.status === 2) && (
        <IdentityForm />
      )}
    </ScreenFrame>
  );
}
