// Starting and ending sessions. The token leaves the server once, in the sign-in answer; only its
// hash is stored, so a copy of the sessions table signs nobody in.
import type { Queryable } from "../../db/db";
import { createSession, revokeSession } from "../../db/repositories/session-repository";
import { hashToken, newToken, SESSION_LIFETIME_SECONDS } from "./tokens";

/** Creates a session for the user and returns its token. Call inside the sign-in transaction. */
export async function startSession(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await createSession(db, userId, hashToken(token), SESSION_LIFETIME_SECONDS);
  return token;
}

/** Logout: the session's token stops working at once. */
export async function endSession(db: Queryable, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}
