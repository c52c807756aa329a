// The subscription's e-mail check, done before anything is saved: the outbox must only ever hold
// an address the server will accept. The rule is protocol/email.ts, shared with the server.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { normaliseEmail } from "../../../protocol";

/** The server's own wording (API.md), so both read the same in every language. */
export const INVALID_EMAIL: MessageDescriptor = msg`Please enter a valid email address`;

/** The address as it will be sent (trimmed), or the reason it cannot be. */
export function validateEmail(
  input: string,
): { ok: true; email: string } | { ok: false; error: MessageDescriptor } {
  const email = input.trim();
  if (email === "") return { ok: false, error: msg`Enter your e-mail address.` };
  return normaliseEmail(email) !== null ? { ok: true, email } : { ok: false, error: INVALID_EMAIL };
}
