// What the links in the mails do, once their page's button (or a mail client's RFC 8058
// one-click) POSTs: confirm a pending subscription with its token, unsubscribe with the address
// and its HMAC. No login: the link is the proof. A bad link is refused and changes nothing.
import type { NewsletterLinkAnswer } from "../../../protocol/email";
import { normaliseEmail } from "../../../protocol/email";
import type { Db } from "../../db/db";
import { mailLinkSecret } from "../../db/repositories/newsletter-repository";
import {
  confirmByTokenHash,
  unsubscribeEmail,
} from "../../db/repositories/subscription-repository";
import { DomainError, invalid, refusal } from "../errors";
import { hashConfirmToken, validUnsubscribeSignature } from "./mail-links";

export async function confirmSubscription(db: Db, token: string): Promise<NewsletterLinkAnswer> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) {
    throw invalid("token", "format", "This confirmation link is not valid");
  }
  const row = await db.transaction((tx) => confirmByTokenHash(tx, hashConfirmToken(token)));
  if (row === null) {
    throw refusal(
      "NOT_FOUND",
      "This confirmation link is not valid or the address has unsubscribed",
    );
  }
  return { email: row.email, status: "confirmed", already: row.previous === "confirmed" };
}

export async function unsubscribe(
  db: Db,
  q: { email: string; sig: string },
): Promise<NewsletterLinkAnswer> {
  const email = normaliseEmail(q.email);
  if (email === null) throw invalid("email", "format", "This unsubscribe link is not valid");
  const secret = await mailLinkSecret(db);
  if (!validUnsubscribeSignature(secret, email, q.sig)) {
    throw new DomainError(
      "VALIDATION",
      { field: "sig", rule: "mismatch" },
      "This unsubscribe link is not valid (its signature does not match the address)",
    );
  }
  // A valid link for an address no longer stored still means "send me nothing": answer so.
  const previous = await db.transaction((tx) => unsubscribeEmail(tx, email));
  return {
    email,
    status: "unsubscribed",
    already: previous === null || previous === "unsubscribed",
  };
}
