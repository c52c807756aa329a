// The demo mailbox: what the in-process SMTP sink received (GET /admin/mailbox), newest first.
// Operators read confirmation mails and newsletters here without a real mail account.
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { MailboxItem } from "../../../protocol";
import { listMailbox } from "../../sync/admin/console";
import { ErrorLine } from "../../ui/form/error-line";
import { consoleErrorText } from "./error-text";
import { MailText } from "./mail-text";
import { timeText } from "./time-text";
import { useRemote } from "./use-remote";

export function MailboxScreen() {
  const { i18n } = useLingui();
  const page = useRemote(() => listMailbox(null), "mailbox");
  const [open, setOpen] = useState<MailboxItem | null>(null);
  const items = page.data?.items ?? [];
  return (
    <section data-testid="admin-mailbox">
      <h1 className="q-admin-title">
        <Trans>Demo mailbox</Trans>
      </h1>
      <p className="q-admin-note">
        <Trans>
          The mails the demo server sent, newest first. A real deployment has no mailbox.
        </Trans>
      </p>
      <button
        type="button"
        className="q-admin-button q-admin-button--secondary"
        onClick={page.reload}
        disabled={page.loading}
        data-testid="mailbox-reload"
      >
        <Trans>Refresh</Trans>
      </button>
      <ErrorLine error={page.error ? consoleErrorText(i18n, page.error) : null} role="alert" />
      {page.data && items.length === 0 && (
        <p data-testid="mailbox-empty">
          <Trans>No mail yet.</Trans>
        </p>
      )}
      <ul className="q-admin-list">
        {items.map((mail) => (
          <li key={mail.id}>
            <button
              type="button"
              className="q-admin-link"
              aria-pressed={open?.id === mail.id}
              onClick={() => setOpen(mail)}
              data-testid={`mail-${mail.id}`}
            >
              {timeText(mail.receivedAt, i18n.locale)} · {mail.to.join(", ")} · {mail.subject}
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <article className="q-admin-card" data-testid="mail-open">
          <h2 className="q-admin-subtitle">{open.subject}</h2>
          <dl className="q-admin-facts">
            <div className="q-admin-fact">
              <dt>
                <Trans context="mail">From</Trans>
              </dt>
              <dd>{open.from}</dd>
            </div>
            <div className="q-admin-fact">
              <dt>
                <Trans context="mail">To</Trans>
              </dt>
              <dd>{open.to.join(", ")}</dd>
            </div>
            <div className="q-admin-fact">
              <dt>
                <Trans>Received</Trans>
              </dt>
              <dd>{timeText(open.receivedAt, i18n.locale)}</dd>
            </div>
          </dl>
          <MailText text={open.text} />
        </article>
      )}
    </section>
  );
}
