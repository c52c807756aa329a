// The user's identity verification (API.md /profile/identity).
import type { IdentityInput, IdentityView } from "../../protocol";
import { call } from "./call";

/** GET /profile/identity: the latest submission (ID number masked by the server), or null. */
export function getIdentity(opts: { quiet?: boolean } = {}): Promise<IdentityView | null> {
  return call("GET /profile/identity", opts);
}

/**
 * POST /profile/identity/create: `photo` is an upload id of purpose "identity". The same
 * `idempotencyKey` on a retry answers the stored submission instead of creating a second one.
 */
export function createIdentity(
  body: IdentityInput,
  idempotencyKey: string,
  opts: { quiet?: boolean } = {},
): Promise<IdentityView> {
  return call("POST /profile/identity/create", {
    ...opts,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
}
