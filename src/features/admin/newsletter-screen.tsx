// A newsletter to every confirmed subscriber: write, confirm, and see how many mails were queued
// (POST /admin/newsletter, permission manage; the server sends one mail each, exactly once).
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { NEWSLETTER_LIMITS, type NewsletterSent } from "../../../protocol";
import { sendNewsletter } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { TextField } from "../../ui/form/text-field";
import { consoleErrorText } from "./error-text";
import { allows } from "./roles";
import { useOperator } from "./use-operator";

export function NewsletterScreen() {
  const { t, i18n } = useLingui();
  const canSend = allows(useOperator().session, "manage");
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<NewsletterSent | null>(null);
  const [busy, setBusy] = useState(false);

  // First press: check and ask to confirm; sending happens only on the confirm button.
  const review = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const { subjectMaxLength, textMaxLength } = NEWSLETTER_LIMITS;
    if (subject.trim() === "" || text.trim() === "")
      return setError(t`Enter a subject and a text.`);
    if (subject.trim().length > subjectMaxLength)
      return setError(t`The subject is longer than ${subjectMaxLength} characters.`);
    if (text.trim().length > textMaxLength)
      return setError(t`The text is longer than ${textMaxLength} characters.`);
    setError(null);
    setConfirming(true);
  };

  const send = () => {
    setBusy(true);
    sendNewsletter(subject.trim(), text.trim()).then(
      (answer) => {
        setBusy(false);
        setConfirming(false);
        setSent(answer);
        setSubject("");
        setText("");
      },
      (failure: unknown) => {
        setBusy(false);
        setConfirming(false);
        setError(consoleErrorText(i18n, failure));
      },
    );
  };

  const edit = (set: (value: string) => void) => (value: string) => {
    setConfirming(false);
    set(value);
  };

  return (
    <form className="q-admin-card" onSubmit={review} noValidate data-testid="admin-newsletter">
      <h1 className="q-admin-title">
        <Trans>Newsletter</Trans>
      </h1>
      <p className="q-admin-note">
        <Trans>One mail to every confirmed subscriber, with an unsubscribe link.</Trans>
      </p>
      {!canSend && (
        <p className="q-admin-warning">
          <Trans>Your role may read the console but not send a newsletter.</Trans>
        </p>
      )}
      <TextField
        label={t`Subject`}
        value={subject}
        onChange={edit(setSubject)}
        testId="newsletter-subject"
      />
      <label className="q-admin-label">
        <Trans>Text</Trans>
        <textarea
          className="q-field__input q-admin-textarea"
          value={text}
          onChange={(e) => edit(setText)(e.target.value)}
          data-testid="newsletter-text"
        />
      </label>
      <ErrorLine error={error} role="alert" />
      {sent && <SentLine recipients={sent.recipients} />}
      {confirming ? (
        <div className="q-admin-actions" data-testid="newsletter-confirm">
          <p>
            <Trans>
              Send this newsletter to every confirmed subscriber? This cannot be undone.
            </Trans>
          </p>
          <button
            className="q-admin-button"
            type="button"
            onClick={send}
            disabled={busy}
            data-testid="newsletter-send"
          >
            <Trans>Send now</Trans>
          </button>
          <button
            className="q-admin-button q-admin-button--secondary"
            type="button"
            onClick={() => setConfirming(false)}
            disabled={busy}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : (
        <button
          className="q-admin-button"
          type="submit"
          disabled={!canSend}
          data-testid="newsletter-review"
        >
          <Trans>Send…</Trans>
        </button>
      )}
    </form>
  );
}

function SentLine(props: { recipients: number }) {
  const { recipients } = props;
  return (
    <p className="q-admin-ok" data-testid="newsletter-sent">
      <Plural
        value={recipients}
        one="Queued for # confirmed subscriber."
        other="Queued for # confirmed subscribers."
      />
    </p>
  );
}
