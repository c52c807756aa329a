// The e-mail address rule of POST /system/subscribe, shared so the app refuses exactly what the
// server would (an outbox entry the server rejects would fail long after the user left): the
// HTML standard's <input type="email"> rule, tightened — the domain needs a dot and a letter
// top-level label, the local part no leading, trailing or doubled dot.
import { EMAIL_MAX_LENGTH } from "./content";

const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^[a-z]{2,63}$/;

/** The server's message for an address this rule refuses (API.md English). */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";

/** The address as stored (trimmed, lower-case), or null when it is not a sane address. */
export function normaliseEmail(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const email = raw.trim().toLowerCase();
  if (email.length < 3 || email.length > EMAIL_MAX_LENGTH) return null;
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  const ok =
    at > 0 &&
    local.length <= 64 &&
    LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LABEL.test(labels.at(-1) ?? "");
  return ok ? email : null;
}

/** A subscription's state: pending until confirmed by the mailed link (double opt-in). */
export type SubscriptionStatus = "pending" | "confirmed" | "unsubscribed";

/**
 * What POST /system/subscribe/confirm and POST /system/unsubscribe answer. `already`: nothing
 * changed, the address was confirmed (or unsubscribed, or unknown) before this request.
 */
export interface NewsletterLinkAnswer {
  email: string;
  status: SubscriptionStatus;
  already: boolean;
}

/**
 * The app's pages the mails link to (src/routes): they say what will happen and act only on a
 * button's POST, because mail scanners open (GET) every link in a mail before its reader does.
 * `?token=` on the confirmation page; `?email=&sig=` on the unsubscribe page.
 */
export const CONFIRM_PAGE_PATH = "/subscribe/confirm";
export const UNSUBSCRIBE_PAGE_PATH = "/unsubscribe";

/** POST /admin/newsletter limits (also CHECKs in migration 026). */
export const NEWSLETTER_LIMITS = { subjectMaxLength: 200, textMaxLength: 20_000 } as const;
