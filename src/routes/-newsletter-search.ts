// Search params of the newsletter link pages (protocol/email.ts CONFIRM_PAGE_PATH,
// UNSUBSCRIBE_PAGE_PATH). A missing or malformed part is dropped: the page then says the link is
// incomplete instead of sending something the server can only refuse.
import { EMAIL_MAX_LENGTH } from "../../protocol/content";

export interface ConfirmSearch {
  token?: string;
}

export function validateConfirmSearch(search: Record<string, unknown>): ConfirmSearch {
  const token = search.token;
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token) ? { token } : {};
}

export interface UnsubscribeSearch {
  email?: string;
  sig?: string;
}

export function validateUnsubscribeSearch(search: Record<string, unknown>): UnsubscribeSearch {
  const { email, sig } = search;
  const okEmail =
    typeof email === "string" && email.includes("@") && email.length <= EMAIL_MAX_LENGTH;
  const okSig = typeof sig === "string" && /^[A-Za-z0-9_-]{43}$/.test(sig);
  return okEmail && okSig ? { email, sig } : {};
}
