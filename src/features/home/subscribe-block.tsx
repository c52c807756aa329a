// E-mail subscription (settings alias "subscribe"). The address is checked here first; a valid
// one goes into the outbox, so it works offline, and the entry's state is shown until it is sent.
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useId, useState, type FormEvent } from "react";
import { EMAIL_MAX_LENGTH } from "../../../protocol";
import { useOutbox } from "../../db/outbox";
import { useOutboxEntry } from "../../db/queries/outbox-entry";
import { useSetting } from "../../db/queries/settings";
import { InvalidEmailError, subscribeEmail } from "../../sync/commands";
import { newestEntry, OutboxBadge } from "../../ui/outbox/outbox-badge";
import { useContentLang } from "../../ui/app-state/use-content-lang";
import { INVALID_EMAIL, validateEmail } from "./validate-email";

export function SubscribeBlock() {
  const { i18n } = useLingui();
  const lang = useContentLang();
  const setting = useSetting(lang, "subscribe");
  const outbox = useOutbox({ command: "system.subscribe" });
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [saving, setSaving] = useState(false);
  // The entry this form just saved; before that, the user's latest subscription (after a reload).
  const [savedId, setSavedId] = useState<string | null>(null);
  const saved = useOutboxEntry(savedId);

  const copy = setting.status === "ready" ? setting.value : undefined;
  const entry =
    (saved.status === "ready" ? saved.value : undefined) ??
    (outbox.status === "ready" ? newestEntry(outbox.value) : undefined);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateEmail(email);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      setSavedId(await subscribeEmail(checked.email));
      setEmail("");
    } catch (caught) {
      // The sync layer refuses an address the check above should already have caught; any
      // other failure means the entry could not be saved on this device.
      setError(
        caught instanceof InvalidEmailError
          ? INVALID_EMAIL
          : msg`It could not be saved on this device. Please try again.`,
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="q-card q-home__subscribe">
      <h2>{copy?.title ?? <Trans>E-mail updates</Trans>}</h2>
      {copy !== undefined && <p className="q-muted">{copy.text}</p>}
      <form
        className="q-home__subscribe-form"
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="subscribe-form"
      >
        <label htmlFor={inputId}>
          <Trans>E-mail address</Trans>
        </label>
        <div className="q-home__subscribe-row">
          <input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error === null ? undefined : errorId}
            data-testid="subscribe-email"
          />
          <button
            type="submit"
            className="q-button"
            disabled={saving}
            data-testid="subscribe-submit"
          >
            <Trans>Subscribe</Trans>
          </button>
        </div>
        {error !== null && (
          <p id={errorId} className="q-field__error" role="alert" data-testid="subscribe-error">
            {i18n._(error)}
          </p>
        )}
      </form>
      {entry !== undefined && <OutboxBadge row={entry} />}
      {entry?.state === "sent" && (
        // Double opt-in: nothing is sent to the address until its owner opens the link.
        <p className="q-muted" data-testid="subscribe-confirm-hint">
          <Trans>
            Check your inbox: the subscription starts when you open the confirmation link we sent.
          </Trans>
        </p>
      )}
    </section>
  );
}
