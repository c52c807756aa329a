// Password sign-in for operator accounts, with brute-force limits (OWASP ASVS 2.2.1): 5 failures
// of one username from one address, or 20 from one address, and that address must wait out the
// window; failures of one username from anywhere start a back-off that doubles per failure
// (1 s after the 10th, capped at a minute). While limited, every attempt is refused with 429 —
// even one with the right password, or the limit would only slow an attacker down. A stranger's
// guesses from elsewhere therefore delay the real operator by at most the back-off, never lock
// them out.
import type { Db } from "../../db/db";
import {
  clearLoginFailures,
  lockLoginAttempts,
  loginRetryAfter,
  recordLoginAttempt,
  type LoginLimits,
} from "../../db/repositories/login-failure-repository";
import { findOperatorByUsername } from "../../db/repositories/user-repository";
import { DomainError, refusal } from "../errors";
import { auditPasswordFailure, auditPasswordSuccess } from "./sign-in-audit";
import { dummyPasswordHash, verifyPassword } from "./passwords";
import { startOperatorSession } from "./operator-sessions";

export const LOGIN_LIMITS: LoginLimits = {
  perUsernameAndIp: 5,
  perIp: 20,
  usernameBackoffAfter: 10,
  backoffMaxSeconds: 60,
  windowSeconds: 15 * 60,
};

/** RATE_LIMITED with the seconds to wait; the route sends them as `retry-after` too. */
export class RetryLaterError extends DomainError<"RATE_LIMITED"> {
  override name = "RetryLaterError";

  constructor(readonly retryAfterSeconds: number) {
    super(
      "RATE_LIMITED",
      { retryAfterSeconds },
      `Too many failed sign-ins; try again in ${retryAfterSeconds} seconds`,
    );
  }
}

export interface PasswordSignIn {
  username: string;
  password: string;
  /** The client's address, for the per-address limit. */
  ip: string;
}

/**
 * Answers the token of a new operator session in stage enrol or verify (second-factor.ts), or
 * throws 401 (wrong), 403 (locked) or RetryLaterError.
 */
export async function signInWithPassword(db: Db, input: PasswordSignIn): Promise<string> {
  // Usernames are stored lower-case; counting failures the same way stops "Admin"/"ADMIN" games.
  const username = input.username.trim().toLowerCase().slice(0, 64);
  const attempt = { username, ip: input.ip };
  // Counted as a failure before the (slow) hash, so parallel guesses cannot all slip through.
  // A refused attempt is not recorded: the limit ends on time instead of extending itself.
  const retryAfter = await db.transaction(async (tx) => {
    await lockLoginAttempts(tx, username);
    const seconds = await loginRetryAfter(tx, attempt, LOGIN_LIMITS);
    if (seconds === 0) await recordLoginAttempt(tx, username, input.ip);
    return seconds;
  });
  if (retryAfter > 0) throw new RetryLaterError(retryAfter);

  const operator = await findOperatorByUsername(db, username);
  // Unknown usernames cost a hash too, so timing does not reveal which usernames exist.
  const hash = operator?.password_hash ?? (await dummyPasswordHash());
  const matches = await verifyPassword(input.password, hash);
  if (operator === null || !matches) {
    await auditPasswordFailure(db, {
      operator: operator && { id: operator.id, username },
      reason: operator === null ? "unknown-username" : "wrong-password",
      ip: input.ip,
    });
    throw refusal("UNAUTHORIZED", "Wrong username or password");
  }
  if (operator.locked) {
    await auditPasswordFailure(db, {
      operator: { id: operator.id, username },
      reason: "locked",
      ip: input.ip,
    });
    throw refusal("ACCOUNT_LOCKED", "This account is locked");
  }

  return db.transaction(async (tx) => {
    // Also deletes this attempt's own row: it was not a failure after all.
    await clearLoginFailures(tx, username, input.ip);
    const token = await startOperatorSession(tx, operator.id);
    await auditPasswordSuccess(tx, { id: operator.id, username }, input.ip);
    return token;
  });
}
