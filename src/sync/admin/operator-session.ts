// The operator's session in this tab: the token (sessionStorage — gone with the tab, never in
// IndexedDB, never shared with the wallet session) and what GET /admin/session last said.
// No React: the console's hooks subscribe to it.
import {
  confirmTotpEnrolment,
  logoutOperator,
  readOperatorSession,
  signInOperator,
  startTotpEnrolment,
  verifySecondFactor,
} from "../../api/admin/session";
import { configureOperatorTransport } from "../../api/admin/transport";
import { ApiError } from "../../api/errors";
import type { OperatorSessionView, TotpEnrolment } from "../../../protocol/operators";

const TOKEN_KEY = "quanta:operator-token";

export interface OperatorState {
  token: string | null;
  session: OperatorSessionView | null;
  /** Why the last session ended (a 401's code), for the sign-in screen to say. */
  endedBy: string | null;
}

function storedToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let state: OperatorState = { token: storedToken(), session: null, endedBy: null };
const listeners = new Set<() => void>();

function update(next: Partial<OperatorState>): void {
  state = { ...state, ...next };
  try {
    if (state.token === null) sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, state.token);
  } catch {
    // Storage refused (private mode): the session lives in memory for this page.
  }
  for (const listener of listeners) listener();
}

configureOperatorTransport({
  getToken: () => state.token,
  onUnauthorized: (code) => {
    if (state.token !== null) update({ token: null, session: null, endedBy: code });
  },
});

export function operatorState(): OperatorState {
  return state;
}

export function subscribeOperator(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the session of a stored token (a reload); a dead token ends it through the 401. */
export async function refreshOperatorSession(): Promise<OperatorSessionView | null> {
  if (state.token === null) return null;
  const session = await readOperatorSession();
  update({ session });
  return session;
}

/** Password step: a token in stage `enrol` or `verify`, and the session it opened. */
export async function signIn(username: string, password: string): Promise<OperatorSessionView> {
  const token = await signInOperator(username, password);
  update({ token, session: null, endedBy: null });
  const session = await readOperatorSession();
  update({ session });
  return session;
}

export function beginEnrolment(): Promise<TotpEnrolment> {
  return startTotpEnrolment();
}

/**
 * Confirms the authenticator with a first code. The session becomes `ready` only after the
 * operator has seen the recovery codes: the caller shows them, then calls `refreshOperatorSession`.
 */
export async function confirmEnrolment(code: string): Promise<string[]> {
  const { recoveryCodes } = await secondFactor(() => confirmTotpEnrolment(code));
  return recoveryCodes;
}

/**
 * A second-factor answer the server refuses with 401 (a wrong or replayed code) must not end the
 * session by itself, only when the session is really gone: GET /admin/session decides (its own
 * 401 signs the tab out through the transport hook).
 */
async function secondFactor<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await refreshOperatorSession().catch(() => undefined);
    }
    throw error;
  }
}

export async function verify(
  answer: { code: string } | { recoveryCode: string },
): Promise<OperatorSessionView> {
  await secondFactor(() => verifySecondFactor(answer));
  // The session endpoint is the one source of the stage (whatever verify answers).
  const session = await readOperatorSession();
  update({ session });
  return session;
}

export async function signOutOperator(): Promise<void> {
  const hadToken = state.token !== null;
  try {
    if (hadToken) await logoutOperator();
  } finally {
    update({ token: null, session: null, endedBy: null });
  }
}
