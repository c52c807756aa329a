// Users: lock or unlock the account of a wallet address, with the reason the audit log keeps.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { USER_LOCK_REASON_MAX_LENGTH } from "../../../protocol/admin";
import { setUserLock } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { allows } from "./roles";
import { useOperator } from "./use-operator";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function UsersScreen() {
  const { t, i18n } = useLingui();
  const permitted = allows(useOperator().session, "manage");
  const [address, setAddress] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = (locked: boolean) => {
    setResult(null);
    if (!ADDRESS.test(address.trim()))
      return setError(t`Enter a wallet address (0x and 40 hex digits).`);
    if (reason.trim() === "") return setError(t`Please give a reason.`);
    setError(null);
    setBusy(true);
    setUserLock(address.trim(), locked, reason.trim()).then(
      (view) => {
        setBusy(false);
        setReason("");
        setResult(view.locked ? t`The account is locked.` : t`The account is unlocked.`);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  return (
    <section className="q-admin-card" data-testid="admin-users">
      <h1 className="q-admin-title">
        <Trans>Users</Trans>
      </h1>
      <TextField
        label={t`Wallet address`}
        value={address}
        onChange={setAddress}
        hex
        testId="user-address"
      />
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
      {permitted ? (
        <div className="q-admin-actions">
          <button
            className="q-admin-button q-admin-button--danger"
            type="button"
            disabled={busy}
            onClick={() => act(true)}
            data-testid="user-lock"
          >
            <Trans>Lock</Trans>
          </button>
          <button
            className="q-admin-button"
            type="button"
            disabled={busy}
            onClick={() => act(false)}
            data-testid="user-unlock"
          >
            <Trans>Unlock</Trans>
          </button>
        </div>
      ) : (
        <p className="q-admin-note">
          <Trans>Your role does not allow this.</Trans>
        </p>
      )}
    </section>
  );
}
