// The mails, in English plain text: a confirmation and a newsletter, each with its unsubscribe
// link in the body (the app's page) and in List-Unsubscribe (RFC 2369; the API's URL, which a
// mail client POSTs for one-click unsubscribe, RFC 8058).
import type { LinkBase } from "./mail-links";
import { confirmLink, oneClickUnsubscribeUrl, unsubscribeLink } from "./mail-links";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Stable per queue row: a resend after a crash carries the same id (receivers may drop it). */
  messageId: string;
  headers: Record<string, string>;
}

export function confirmationMail(
  base: LinkBase,
  secret: string,
  m: { id: string; email: string; token: string },
): OutgoingMail {
  const confirm = confirmLink(base, m.token);
  const unsubscribe = unsubscribeLink(base, secret, m.email);
  return {
    to: m.email,
    subject: "Confirm your Quanta newsletter subscription",
    text: [
      "Someone (we hope you) asked to receive the Quanta newsletter at this address.",
      "",
      `Confirm the subscription: ${confirm}`,
      "",
      "If it was not you, ignore this mail: nothing will be sent to you.",
      "",
      `Unsubscribe: ${unsubscribe}`,
    ].join("\n"),
    messageId: messageId(m.id),
    headers: listUnsubscribe(oneClickUnsubscribeUrl(base, secret, m.email)),
  };
}

export function newsletterMail(
  base: LinkBase,
  secret: string,
  m: { id: string; email: string; subject: string; body: string },
): OutgoingMail {
  const unsubscribe = unsubscribeLink(base, secret, m.email);
  return {
    to: m.email,
    subject: m.subject,
    text: `${m.body}\n\n--\nYou receive this because you confirmed a subscription to the Quanta newsletter.\nUnsubscribe: ${unsubscribe}`,
    messageId: messageId(m.id),
    headers: listUnsubscribe(oneClickUnsubscribeUrl(base, secret, m.email)),
  };
}

function messageId(queueId: string): string {
  return `<quanta-mail-${queueId}@quanta.localhost>`;
}

function listUnsubscribe(link: string): Record<string, string> {
  return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
