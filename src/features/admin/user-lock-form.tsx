// Lock or unlock one user, with the reason the audit log keeps (manage only; the server decides).
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { USER_LOCK_REASON_MAX_LENGTH } from "../../../protocol/admin";
import { setUserLock } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { allows } from "./roles";
import { useOperator } from "./use-operator";

export function UserLockForm(props: { address: string; locked: boolean; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const permitted = allows(useOperator().session, "manage");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!permitted) {
    return (
      <p className="q-admin-note">
        <Trans>Your role does not allow locking or unlocking.</Trans>
      </p>
    );
  }

  const act = (locked: boolean) => {
    setResult(null);
    if (reason.trim() === "") return setError(t`Please give a reason.`);
    setError(null);
    setBusy(true);
    setUserLock(props.address, locked, reason.trim()).then(
      (view) => {
        setBusy(false);
        setReason("");
        setResult(view.locked ? t`The account is locked.` : t`The account is unlocked.`);
        props.onChanged();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  return (
    <div data-testid="user-lock-form">
      <TextField
        label={t`Reason`}
        hint={t`Kept in the audit log.`}
        value={reason}
        onChange={setReason}
        maxLength={USER_LOCK_REASON_MAX_LENGTH}
        testId="user-reason"
      />
      <ErrorLine error={error} role="alert" />
      {result !== null && (
        <p className="q-admin-ok" data-testid="user-result">
          {result}
        </p>
      )}
      <div className="q-admin-actions">
        {props.locked ? (
          <button
            className="q-admin-button"
            type="button"
            disabled={busy}
            onClick={() => act(false)}
            data-testid="user-unlock"
          >
            <Trans>Unlock</Trans>
          </button>
        ) : (
          <button
            className="q-admin-button q-admin-button--danger"
            type="button"
            disabled={busy}
            onClick={() => act(true)}
            data-testid="user-lock"
          >
            <Trans>Lock</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
