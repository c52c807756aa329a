// A message to one user (by wallet address); it reaches their open apps through the change log.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { sendUserMessage } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";

export function MessagesScreen() {
  const { t, i18n } = useLingui();
  const [address, setAddress] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!/^0x[0-9a-fA-F]{40}$/.test(address.trim()))
      return setError(t`Enter a wallet address (0x and 40 hex digits).`);
    if (title.trim() === "" || body.trim() === "") return setError(t`Enter a title and a text.`);
    setBusy(true);
    setError(null);
    sendUserMessage(address.trim(), title.trim(), body.trim()).then(
      () => {
        setBusy(false);
        setSent(true);
        setTitle("");
        setBody("");
      },
      (failure: unknown) => {
        setBusy(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  return (
    <form className="q-admin-card" onSubmit={submit} noValidate data-testid="admin-messages">
      <h1 className="q-admin-title">
        <Trans>Message to a user</Trans>
      </h1>
      <TextField
        label={t`Wallet address`}
        value={address}
        onChange={setAddress}
        hex
        testId="message-address"
      />
      <TextField label={t`Title`} value={title} onChange={setTitle} testId="message-title" />
      <label className="q-admin-label">
        <Trans>Text</Trans>
        <textarea
          className="q-field__input q-admin-textarea"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          data-testid="message-body"
        />
      </label>
      <ErrorLine error={error} role="alert" />
      {sent && (
        <p className="q-admin-ok" data-testid="message-sent">
          <Trans>Sent</Trans>
        </p>
      )}
      <button className="q-admin-button" type="submit" disabled={busy}>
        <Trans>Send</Trans>
      </button>
    </form>
  );
}
