import { t } from "@lingui/core/macro";
import { isRedirect, redirect } from "@tanstack/react-router";
import { clearSession, readSession, SessionReadError } from "../../db/session";

/** The login screen answers on both paths (seed: "/ and /login"). */
export const LOGIN_PATHS: ReadonlySet<string> = new Set(["/", "/login"]);

/**
 * The route guard of DESIGN §7: without a token only the login screen; with a token the login
 * screen sends you home; any failure clears the token, says why ("Has Error" when the error has no
 * message of its own) and goes to /login.
 */
export function guardRoute(pathname: string, onFailure: (message: string) => void): void {
  try {
    const session = readSession();
    if (session === null && !LOGIN_PATHS.has(pathname)) throw redirect({ to: "/login" });
    if (session !== null && LOGIN_PATHS.has(pathname)) throw redirect({ to: "/home" });
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
