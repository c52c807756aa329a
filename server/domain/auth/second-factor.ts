// The operator's second factor (issue 22): TOTP enrolment on the first sign-in, then a TOTP code
// or a recovery code on every sign-in. Limits as for passwords (password-sign-in.ts), counted
// under "2fa:<username>" in the same table, so guessing codes is as slow as guessing passwords;
// and a session with SESSION_FAILURE_LIMIT wrong codes ends, so every batch of guesses costs a
// password sign-in too. Every passed step is in the audit log, in the same transaction.
import type {
  OperatorSessionView,
  RecoveryCodes,
  TotpEnrolment,
} from "../../../protocol/operators";
import type { Db, Queryable } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import {
  clearLoginFailures,
  lockLoginAttempts,
  loginRetryAfter,
  recordLoginAttempt,
} from "../../db/repositories/login-failure-repository";
import {
  confirmTotp,
  lockOperatorSession,
  lockTotp,
  markSecondFactorPassed,
  putPendingTotp,
  recordSecondFactorFailure,
  replaceRecoveryCodes,
  setLastUsedStep,
  unusedRecoveryCodes,
  useRecoveryCode,
  type OperatorSessionRow,
} from "../../db/repositories/operator-session-repository";
import { DomainError, refusal } from "../errors";
import { operatorActor } from "../operators/operator-actor";
import { operatorSessionView, stageOf } from "./operator-sessions";
import { LOGIN_LIMITS, RetryLaterError } from "./password-sign-in";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes";
import { auditSecondFactorFailure } from "./sign-in-audit";
import type { TotpSecretBox } from "./totp-secret-box";
import { matchTotpStep, newTotpSecret, totpUri } from "./totp";

/** Wrong codes one session may send before it ends. */
export const SESSION_FAILURE_LIMIT = 5;

export interface SecondFactorCaller {
  sessionId: string;
  /** The client's address, for the per-address limit. */
  ip: string;
}

type Outcome<T> =
  { ok: true; value: T } | { ok: false; error: DomainError<"SECOND_FACTOR_INVALID"> };

const invalid = (factor: "code" | "recoveryCode", reason: "wrong" | "reused") =>
  new DomainError(
    "SECOND_FACTOR_INVALID",
    { factor, reason },
    reason === "wrong" ? "Wrong code" : "This code was already used",
  );

const wrongStage = (message: string) => new DomainError("CONFLICT", {}, message);

async function lockedSession(tx: Queryable, sessionId: string): Promise<OperatorSessionRow> {
  const row = await lockOperatorSession(tx, sessionId);
  if (row === null) throw refusal("UNAUTHORIZED", "The session has ended; sign in again");
  return row;
}

function checkStage(session: OperatorSessionRow, expected: "enrol" | "verify"): void {
  const stage = stageOf(session);
  if (stage === expected) return;
  if (stage === "ready") throw wrongStage("This session has already passed its second factor");
  throw wrongStage(
    stage === "enrol"
      ? "Enrol a TOTP secret first: POST /admin/session/enrolment"
      : "This operator already has a second factor; verify a code instead",
  );
}

/** Stage enrol: a new secret (replacing an unconfirmed one) and its otpauth:// URI. */
export async function startTotpEnrolment(
  db: Db,
  box: TotpSecretBox | null,
  sessionId: string,
): Promise<TotpEnrolment> {
  const sealer = required(box);
  return db.transaction(async (tx) => {
    const session = await lockedSession(tx, sessionId);
    checkStage(session, "enrol");
    const secret = newTotpSecret();
    if (!(await putPendingTotp(tx, session.user_id, sealer.seal(session.user_id, secret)))) {
      throw wrongStage("This operator already has a second factor; verify a code instead");
    }
    return { secret, uri: totpUri(secret, session.username) };
  });
}

/**
 * Checks and records an attempt against the limits, runs `attempt` (which must change nothing
 * when it fails) and, on a failure, counts it against the session. A success clears the attempt.
 */
async function limited<T>(
  db: Db,
  caller: SecondFactorCaller,
  stage: "enrol" | "verify",
  attempt: (tx: Queryable, session: OperatorSessionRow) => Promise<Outcome<T>>,
): Promise<T> {
  const operator = await db.transaction(async (tx) => {
    const session = await lockedSession(tx, caller.sessionId);
    // A call in the wrong stage is a client mistake, not a guess: refused before it is counted.
    checkStage(session, stage);
    const key = `2fa:${session.username}`;
    await lockLoginAttempts(tx, key);
    const seconds = await loginRetryAfter(tx, { username: key, ip: caller.ip }, LOGIN_LIMITS);
    if (seconds > 0) throw new RetryLaterError(seconds);
    // Counted as a failure before the check, so parallel guesses cannot all slip through.
    await recordLoginAttempt(tx, key, caller.ip);
    return { id: session.user_id, username: session.username };
  });
  const outcome = await db.transaction(async (tx) => {
    const session = await lockedSession(tx, caller.sessionId);
    checkStage(session, stage);
    const result = await attempt(tx, session);
    if (result.ok) await clearLoginFailures(tx, `2fa:${operator.username}`, caller.ip);
    return result;
  });
  if (outcome.ok) return outcome.value;
  const { error } = outcome;
  await db.transaction(async (tx) => {
    const failures = await recordSecondFactorFailure(tx, caller.sessionId, SESSION_FAILURE_LIMIT);
    await auditSecondFactorFailure(tx, operator, {
      ...error.params,
      ip: caller.ip,
      sessionEnded: failures >= SESSION_FAILURE_LIMIT,
    });
  });
  throw error;
}

/** Stage enrol: a code of the new secret confirms it; answers the recovery codes, once. */
export async function confirmTotpEnrolment(
  db: Db,
  box: TotpSecretBox | null,
  caller: SecondFactorCaller,
  code: string,
  nowMs = Date.now(),
): Promise<RecoveryCodes> {
  const sealer = required(box);
  return limited(db, caller, "enrol", async (tx, session) => {
    const totp = await lockTotp(tx, session.user_id);
    if (totp === null || totp.confirmed_at !== null) {
      throw wrongStage("Start the enrolment first: POST /admin/session/enrolment");
    }
    const step = matchTotpStep(sealer.open(session.user_id, totp.secret), code, nowMs);
    if (step === null) return { ok: false, error: invalid("code", "wrong") };
    await confirmTotp(tx, session.user_id, step);
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(tx, session.user_id, recoveryCodes.map(hashRecoveryCode));
    await markSecondFactorPassed(tx, session.session_id);
    await appendAudit(tx, {
      ...auditActor(session),
      action: "operator.totp-enrol",
      targetKind: "user",
      targetId: session.user_id,
      detail: { recoveryCodes: recoveryCodes.length },
    });
    return { ok: true, value: { recoveryCodes } };
  });
}

export type SecondFactorInput = { code: string } | { recoveryCode: string };

/** Stage verify: a TOTP code not used before, or an unused recovery code, makes it ready. */
export async function verifySecondFactor(
  db: Db,
  box: TotpSecretBox | null,
  caller: SecondFactorCaller,
  input: SecondFactorInput,
  nowMs = Date.now(),
): Promise<OperatorSessionView> {
  const sealer = required(box);
  return limited(db, caller, "verify", async (tx, session) => {
    const detail =
      "code" in input
        ? await checkTotp(tx, sealer, session, input.code, nowMs)
        : await checkRecoveryCode(tx, session, input.recoveryCode);
    if (!detail.ok) return detail;
    await markSecondFactorPassed(tx, session.session_id);
    await appendAudit(tx, {
      ...auditActor(session),
      action: "operator.sign-in",
      targetKind: "user",
      targetId: session.user_id,
      detail: detail.value,
    });
    const view = operatorSessionView({ ...session, second_factor_at: new Date() }, new Date());
    return { ok: true, value: view };
  });
}

async function checkTotp(
  tx: Queryable,
  box: TotpSecretBox,
  session: OperatorSessionRow,
  code: string,
  nowMs: number,
): Promise<Outcome<Record<string, unknown>>> {
  const totp = await lockTotp(tx, session.user_id);
  if (totp === null || totp.confirmed_at === null) throw wrongStage("Enrol a TOTP secret first");
  const step = matchTotpStep(box.open(session.user_id, totp.secret), code, nowMs);
  if (step === null) return { ok: false, error: invalid("code", "wrong") };
  // RFC 6238 5.2: a step at or before the last accepted one is a replay (or an older code).
  if (totp.last_used_step !== null && step <= Number(totp.last_used_step)) {
    return { ok: false, error: invalid("code", "reused") };
  }
  await setLastUsedStep(tx, session.user_id, step);
  return { ok: true, value: { factor: "totp" } };
}

async function checkRecoveryCode(
  tx: Queryable,
  session: OperatorSessionRow,
  typed: string,
): Promise<Outcome<Record<string, unknown>>> {
  const use = await useRecoveryCode(tx, session.user_id, hashRecoveryCode(typed));
  if (use === "unknown") return { ok: false, error: invalid("recoveryCode", "wrong") };
  if (use === "already-used") return { ok: false, error: invalid("recoveryCode", "reused") };
  const remaining = await unusedRecoveryCodes(tx, session.user_id);
  return { ok: true, value: { factor: "recovery-code", recoveryCodesLeft: remaining } };
}

/** Production without OPERATOR_SECRET_KEY starts only while there are no operators (operator-secrets.ts). */
function required(box: TotpSecretBox | null): TotpSecretBox {
  if (box !== null) return box;
  throw new DomainError(
    "UNAVAILABLE",
    { part: "server" },
    "Operator sign-in needs OPERATOR_SECRET_KEY, which this server was started without",
  );
}

function auditActor(session: OperatorSessionRow) {
  const actor = operatorActor({ id: session.user_id, username: session.username });
  return { actorId: actor.id, actorLabel: actor.label };
}
