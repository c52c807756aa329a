// Operator sign-in, step one: username and password. The second factor follows (console-gate).
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { signIn } from "../../sync/admin/operator-session";
import { consoleErrorText } from "./error-text";

export function SignInScreen(props: { endedBy: string | null }) {
  const { t, i18n } = useLingui();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === "" || password === "") {
      setError(t`Enter your username and password.`);
      return;
    }
    setBusy(true);
    setError(null);
    signIn(username.trim(), password).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  return (
    <form className="q-admin-card" onSubmit={submit} data-testid="admin-signin" noValidate>
      <h1 className="q-admin-title">
        <Trans>Operator sign-in</Trans>
      </h1>
      {props.endedBy !== null && (
        <p className="q-admin-note" data-testid="admin-session-ended">
          <Trans>Your session ended. Please sign in again.</Trans>
        </p>
      )}
      <TextField
        label={t`Username`}
        value={username}
        onChange={setUsername}
        autoComplete="username"
        testId="admin-username"
      />
      <TextField
        label={t`Password`}
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        testId="admin-password"
      />
      <ErrorLine error={error} role="alert" />
      <button
        className="q-admin-button"
        type="submit"
        disabled={busy}
        data-testid="admin-signin-submit"
      >
        <Trans>Continue</Trans>
      </button>
    </form>
  );
}
