// The pages behind the links in the newsletter mails (/subscribe/confirm, /unsubscribe). Opening
// one changes nothing — mail scanners open every link before the reader does — it says what the
// button will do; only the button sends (a POST), then the page shows what happened. Online-only
// (src/sync/newsletter-links.ts): offline, the page says so and the button waits.
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  confirmSubscriptionLink,
  unsubscribeLink,
  type NewsletterLinkOutcome,
} from "../../sync/newsletter-links";
import { ScreenFrame } from "../../ui/layout/screen-frame";
import { useOnline, useSignedIn } from "../../ui/app-state/use-app-state";
import "./newsletter.css";

export type NewsletterLink =
  | { kind: "confirm"; token: string | undefined }
  | { kind: "unsubscribe"; email: string | undefined; sig: string | undefined };

type State =
  { step: "ready" } | { step: "sending" } | { step: "answered"; outcome: NewsletterLinkOutcome };

export function NewsletterLinkScreen(props: { link: NewsletterLink }) {
  const { t } = useLingui();
  const { link } = props;
  const online = useOnline();
  const [state, setState] = useState<State>({ step: "ready" });
  const complete =
    link.kind === "confirm"
      ? link.token !== undefined
      : link.email !== undefined && link.sig !== undefined;

  const send = async () => {
    setState({ step: "sending" });
    const outcome =
      link.kind === "confirm"
        ? await confirmSubscriptionLink(link.token ?? "")
        : await unsubscribeLink({ email: link.email ?? "", sig: link.sig ?? "" });
    setState({ step: "answered", outcome });
  };

  const confirm = link.kind === "confirm";
  const address = link.kind === "unsubscribe" ? (link.email ?? "") : "";
  const testId = confirm ? "screen-subscribe-confirm" : "screen-unsubscribe";
  const title = confirm ? t`Confirm your subscription` : t`Unsubscribe from the newsletter`;
  const outcome = state.step === "answered" ? state.outcome : null;
  const finished = outcome?.status === "done" || outcome?.status === "invalid";

  return (
    <ScreenFrame title={title} testId={testId}>
      <section className="q-card q-newsletter-link">
        {!complete && (
          <p className="q-notice" data-testid="newsletter-link-result" data-result="invalid">
            <Trans>
              This link is incomplete. Open the link from the mail again, or copy all of it into the
              address bar.
            </Trans>
          </p>
        )}
        {complete && !finished && (
          <>
            <p data-testid="newsletter-link-explain">
              {link.kind === "confirm" ? (
                <Trans>
                  Someone asked to receive the Quanta newsletter at this address. Confirm below if
                  it was you; if not, close this page and nothing will be sent.
                </Trans>
              ) : (
                <Trans>
                  Stop sending the Quanta newsletter to {address}? You can subscribe again at any
                  time.
                </Trans>
              )}
            </p>
            {!online && (
              <p className="q-notice" data-testid="newsletter-link-offline">
                <Trans>
                  You are offline. This needs a connection: press the button once you are back
                  online.
                </Trans>
              </p>
            )}
            {outcome !== null && <Outcome outcome={outcome} confirm={confirm} />}
            <button
              type="button"
              className="q-button"
              data-testid="newsletter-link-submit"
              disabled={!online || state.step === "sending"}
              onClick={() => void send()}
            >
              {confirm ? <Trans>Confirm subscription</Trans> : <Trans>Unsubscribe</Trans>}
            </button>
          </>
        )}
        {outcome !== null && finished && <Outcome outcome={outcome} confirm={confirm} />}
        <HomeLink />
      </section>
    </ScreenFrame>
  );
}

function Outcome(props: { outcome: NewsletterLinkOutcome; confirm: boolean }) {
  const { outcome, confirm } = props;
  const role = outcome.status === "done" ? "status" : "alert";
  return (
    <p
      className={outcome.status === "done" ? "q-newsletter-link__done" : "q-notice"}
      role={role}
      data-testid="newsletter-link-result"
      data-result={outcome.status === "done" && outcome.already ? "already" : outcome.status}
    >
      <OutcomeText outcome={outcome} confirm={confirm} />
    </p>
  );
}

function OutcomeText(props: { outcome: NewsletterLinkOutcome; confirm: boolean }) {
  const { outcome, confirm } = props;
  if (outcome.status === "done") {
    const email = outcome.email;
    if (confirm) {
      return outcome.already ? (
        <Trans>{email} was already confirmed. Nothing changed.</Trans>
      ) : (
        <Trans>Thank you: {email} is confirmed and will receive the newsletter.</Trans>
      );
    }
    return outcome.already ? (
      <Trans>{email} was not subscribed. Nothing changed.</Trans>
    ) : (
      <Trans>{email} is unsubscribed. No more newsletters will be sent to it.</Trans>
    );
  }
  if (outcome.status === "invalid") {
    return confirm ? (
      <Trans>
        This confirmation link is not valid or has expired (for example after unsubscribing).
        Subscribe again to get a new one.
      </Trans>
    ) : (
      <Trans>This unsubscribe link is not valid. Use the link from the most recent mail.</Trans>
    );
  }
  if (outcome.status === "offline") {
    return <Trans>No connection: nothing was sent. Try again once you are online.</Trans>;
  }
  const code = outcome.code;
  return <Trans>The server could not do this now ({code}). Please try again later.</Trans>;
}

function HomeLink() {
  const signedIn = useSignedIn();
  return (
    <Link to={signedIn ? "/home" : "/"} className="q-button q-button--ghost">
      <Trans>Go to Quanta</Trans>
    </Link>
  );
}
