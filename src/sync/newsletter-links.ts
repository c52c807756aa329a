// What the pages behind the newsletter mails' links call (/subscribe/confirm, /unsubscribe): one
// POST each, when the reader presses the button — never on opening the page, because mail
// scanners open every link first. Online-only: an outbox entry would confirm or unsubscribe long
// after the reader left, without them seeing it. Nothing is stored; the answer is for the page.
import { ApiError } from "../api/errors";
import { confirmSubscription, unsubscribeByLink } from "../api/system";
import { isOnline } from "./online";

export type NewsletterLinkOutcome =
  /** Done now, or (`already`) nothing to do: confirmed or unsubscribed before. */
  | { status: "done"; email: string; already: boolean }
  /** The server refused the link: malformed, unknown or expired token, or a wrong signature. */
  | { status: "invalid" }
  /** No connection, before or during the request. */
  | { status: "offline" }
  /** Any other refusal or fault (its code); the reader may try again. */
  | { status: "failed"; code: string };

export function confirmSubscriptionLink(token: string): Promise<NewsletterLinkOutcome> {
  return run(() => confirmSubscription(token, { quiet: true }));
}

export function unsubscribeLink(link: {
  email: string;
  sig: string;
}): Promise<NewsletterLinkOutcome> {
  return run(() => unsubscribeByLink(link, { quiet: true }));
}

async function run(
  send: () => Promise<{ email: string; already: boolean }>,
): Promise<NewsletterLinkOutcome> {
  if (!isOnline()) return { status: "offline" };
  try {
    const answer = await send();
    return { status: "done", email: answer.email, already: answer.already };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "NETWORK" || error.code === "TIMEOUT") return { status: "offline" };
    if (error.code === "VALIDATION" || error.code === "NOT_FOUND") return { status: "invalid" };
    return { status: "failed", code: error.code };
  }
}
