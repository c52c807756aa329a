import { t } from "@lingui/core/macro";
import { isRedirect, redirect } from "@tanstack/react-router";
import { clearSession, readSession, SessionReadError, type Session } from "../../db/session";
import { showToast } from "../../ui/toast/toast-store";

/**
 * The route guards of DESIGN §7, one per pathless layout of src/routes: `_auth` (every screen
 * but the login screen) needs a session, `_guest` (the login screen on / and /login) sends a
 * signed-in user home. Either way, a session that cannot be read is cleared, the user is told
 * why ("Has Error" when the error has no message of its own) and sent to /login.
 */
export function requireSession(onFailure: (message: string) => void): void {
  guard(onFailure, (session) => {
    if (session === null) throw redirect({ to: "/login" });
  });
}

export function requireNoSession(onFailure: (message: string) => void): void {
  guard(onFailure, (session) => {
    if (session !== null) throw redirect({ to: "/home" });
  });
}

function guard(onFailure: (message: string) => void, check: (session: Session | null) => void) {
  try {
    check(readSession());
  } catch (error) {
    if (isRedirect(error)) throw error;
    clearSession();
    onFailure(describeFailure(error));
    throw redirect({ to: "/login" });
  }
}

function describeFailure(error: unknown): string {
  // The session's own message is English; say it in the user's language.
  if (error instanceof SessionReadError)
    return t`Your saved session could not be read. Please sign in again.`;
  return error instanceof Error && error.message !== "" ? error.message : t`Has Error`;
}

/** `requireSession` as the routes call it: a failure is told in a toast. */
export function guardSignedIn(): void {
  requireSession((message) => showToast(message));
}

/** `requireNoSession` as the routes call it: a failure is told in a toast. */
export function guardSignedOut(): void {
  requireNoSession((message) => showToast(message));
}
