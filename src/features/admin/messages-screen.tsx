// A message to one user (by wallet address) or to every user. It reaches their open apps through
// the change log. "Every user" means every wallet user that exists when it is sent (one message
// each; who signs up later does not get it), and it takes an explicit confirmation step.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { MESSAGE_LIMITS } from "../../../protocol/messages";
import { sendMessageToAll, sendUserMessage } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";

type Audience = "one" | "all";

export function MessagesScreen() {
  const { t, i18n } = useLingui();
  const [audience, setAudience] = useState<Audience>("one");
  const [address, setAddress] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = (request: Promise<string>) => {
    setBusy(true);
    setError(null);
    request.then(
      (done) => {
        setBusy(false);
        setConfirming(false);
        setSent(done);
        setTitle("");
        setBody("");
      },
      (failure: unknown) => {
        setBusy(false);
        setConfirming(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (audience === "one" && !/^0x[0-9a-fA-F]{40}$/.test(address.trim()))
      return setError(t`Enter a wallet address (0x and 40 hex digits).`);
    if (title.trim() === "" || body.trim() === "") return setError(t`Enter a title and a text.`);
    if (audience === "all") {
      setError(null);
      return setConfirming(true);
    }
    send(sendUserMessage(address.trim(), title.trim(), body.trim()).then(() => t`Sent`));
  };

  const confirmAll = () =>
    send(
      sendMessageToAll(title.trim(), body.trim()).then(
        ({ recipients }) => t`Sent to ${recipients} users.`,
      ),
    );

  const choose = (next: Audience) => {
    setAudience(next);
    setConfirming(false);
    setSent(null);
  };

  return (
    <form className="q-admin-card" onSubmit={submit} noValidate data-testid="admin-messages">
      <h1 className="q-admin-title">
        <Trans>Messages</Trans>
      </h1>
      <fieldset className="q-admin-actions q-admin-choice" disabled={busy}>
        <label>
          <input
            type="radio"
            name="audience"
            checked={audience === "one"}
            onChange={() => choose("one")}
            data-testid="message-to-one"
          />{" "}
          <Trans>One user</Trans>
        </label>
        <label>
          <input
            type="radio"
            name="audience"
            checked={audience === "all"}
            onChange={() => choose("all")}
            data-testid="message-to-all"
          />{" "}
          <Trans>All users</Trans>
        </label>
      </fieldset>
      {audience === "one" && (
        <TextField
          label={t`Wallet address`}
          value={address}
          onChange={setAddress}
          hex
          testId="message-address"
        />
      )}
      <TextField
        label={t`Title`}
        value={title}
        onChange={setTitle}
        maxLength={MESSAGE_LIMITS.titleMaxLength}
        testId="message-title"
      />
      <label className="q-admin-label">
        <Trans>Text</Trans>
        <textarea
          className="q-field__input q-admin-textarea"
          value={body}
          maxLength={MESSAGE_LIMITS.bodyMaxLength}
          onChange={(e) => setBody(e.target.value)}
          data-testid="message-body"
        />
      </label>
      <ErrorLine error={error} role="alert" />
      {sent !== null && (
        <p className="q-admin-ok" data-testid="message-sent">
          {sent}
        </p>
      )}
      {confirming ? (
        <div className="q-admin-warning" role="alertdialog" data-testid="message-confirm-all">
          <p>
            <Trans>
              This message goes to every user, one copy each, and cannot be taken back. Users who
              sign up later will not get it.
            </Trans>
          </p>
          <div className="q-admin-actions">
            <button
              className="q-admin-button q-admin-button--danger"
              type="button"
              disabled={busy}
              onClick={confirmAll}
              data-testid="message-confirm-send"
            >
              <Trans>Send to everyone</Trans>
            </button>
            <button
              className="q-admin-button q-admin-button--secondary"
              type="button"
              disabled={busy}
              onClick={() => setConfirming(false)}
              data-testid="message-confirm-cancel"
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      ) : (
        <button className="q-admin-button" type="submit" disabled={busy} data-testid="message-send">
          <Trans>Send</Trans>
        </button>
      )}
    </form>
  );
}
