// First sign-in: enrol an authenticator (QR code and the secret as text), confirm it with a
// code, then see the ten recovery codes — once; the server keeps only their hashes.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { QrCode } from "../../ui/qr/qr-code";
import {
  beginEnrolment,
  confirmEnrolment,
  refreshOperatorSession,
} from "../../sync/admin/operator-session";
import { consoleErrorText } from "./error-text";
import { useRemote } from "./use-remote";
import { isTotpCode } from "./totp-code";

export function EnrolScreen() {
  const { t, i18n } = useLingui();
  const enrolment = useRemote(() => beginEnrolment(), "enrolment");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (recoveryCodes !== null) {
    return (
      <section className="q-admin-card" data-testid="admin-recovery">
        <h1 className="q-admin-title">
          <Trans>Your recovery codes</Trans>
        </h1>
        <p className="q-admin-note">
          <Trans>
            Each code signs you in once if you lose your authenticator. Save them now: they are
            shown only this once.
          </Trans>
        </p>
        <ol className="q-admin-codes" data-testid="admin-recovery-codes">
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>
              <code>{recovery}</code>
            </li>
          ))}
        </ol>
        <button
          className="q-admin-button"
          type="button"
          onClick={() => {
            setRecoveryCodes(null);
            void refreshOperatorSession().catch(() => undefined);
          }}
          data-testid="admin-recovery-done"
        >
          <Trans>I have saved them</Trans>
        </button>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isTotpCode(code)) {
      setError(t`Enter the 6-digit code from your authenticator.`);
      return;
    }
    setBusy(true);
    setError(null);
    confirmEnrolment(code.trim()).then(
      (codes) => {
        setBusy(false);
        setCode("");
        setRecoveryCodes(codes);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  return (
    <form className="q-admin-card" onSubmit={submit} data-testid="admin-enrol" noValidate>
      <h1 className="q-admin-title">
        <Trans>Set up your authenticator</Trans>
      </h1>
      <p className="q-admin-note">
        <Trans>Scan the code with an authenticator app, or type the secret into it.</Trans>
      </p>
      {enrolment.data && (
        <>
          <QrCode
            text={enrolment.data.uri}
            label={t`Authenticator set-up code`}
            className="q-admin-qr"
            testId="admin-enrol-qr"
          />
          <p className="q-admin-secret">
            <Trans>Secret:</Trans>{" "}
            <code data-testid="admin-enrol-secret">{enrolment.data.secret}</code>
          </p>
        </>
      )}
      <ErrorLine
        error={enrolment.error ? consoleErrorText(i18n, enrolment.error) : null}
        role="alert"
      />
      <TextField
        label={t`Code from the authenticator`}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        testId="admin-enrol-code"
      />
      <ErrorLine error={error} role="alert" />
      <button
        className="q-admin-button"
        type="submit"
        disabled={busy || enrolment.data === null}
        data-testid="admin-enrol-submit"
      >
        <Trans>Confirm</Trans>
      </button>
    </form>
  );
}
