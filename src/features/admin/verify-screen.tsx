// Sign-in, step two for an enrolled operator: the authenticator's code, or a recovery code.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { verify } from "../../sync/admin/operator-session";
import { consoleErrorText } from "./error-text";
import { isRecoveryCode, isTotpCode } from "./totp-code";

export function VerifyScreen() {
  const { t, i18n } = useLingui();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const answer = value.trim();
    if (useRecovery ? !isRecoveryCode(answer) : !isTotpCode(answer)) {
      setError(
        useRecovery
          ? t`Enter one of your recovery codes.`
          : t`Enter the 6-digit code from your authenticator.`,
      );
      return;
    }
    setBusy(true);
    setError(null);
    verify(useRecovery ? { recoveryCode: answer } : { code: answer }).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        setValue("");
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  return (
    <form className="q-admin-card" onSubmit={submit} data-testid="admin-verify" noValidate>
      <h1 className="q-admin-title">
        <Trans>Two-step verification</Trans>
      </h1>
      <TextField
        label={useRecovery ? t`Recovery code` : t`Code from the authenticator`}
        value={value}
        onChange={setValue}
        inputMode={useRecovery ? "text" : "numeric"}
        autoComplete="one-time-code"
        testId="admin-verify-code"
      />
      <ErrorLine error={error} role="alert" />
      <button
        className="q-admin-button"
        type="submit"
        disabled={busy}
        data-testid="admin-verify-submit"
      >
        <Trans>Verify</Trans>
      </button>
      <button
        className="q-admin-link"
        type="button"
        onClick={() => {
          setUseRecovery((on) => !on);
          setValue("");
          setError(null);
        }}
        data-testid="admin-verify-switch"
      >
        {useRecovery ? (
          <Trans>Use the authenticator instead</Trans>
        ) : (
          <Trans>Use a recovery code</Trans>
        )}
      </button>
    </form>
  );
}
