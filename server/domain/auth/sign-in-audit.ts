// The operator sign-in steps in the audit log: the password step (passed or failed) and wrong
// second-factor codes, so an operator can see who tried to get in, from where, and how it ended.
// Never a secret: no password, no code, and no username that matches no operator (people type
// their password into the username field by mistake); only the client address and the reason.
// Refusals by the rate limit (429) are not recorded: the limit bounds what the log can grow by.
import type { Db, Queryable } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { operatorActor } from "../operators/operator-actor";

interface Operator {
  id: string;
  username: string;
}

/** The password passed; written in the transaction that starts the session. */
export async function auditPasswordSuccess(tx: Queryable, operator: Operator, ip: string) {
  const actor = operatorActor(operator);
  await appendAudit(tx, {
    actorId: actor.id,
    actorLabel: actor.label,
    action: "operator.password",
    targetKind: "user",
    targetId: operator.id,
    detail: { ip },
  });
}

export type PasswordFailure = "unknown-username" | "wrong-password" | "locked";

/** A refused password step: nothing else changes, so it has a transaction of its own. */
export async function auditPasswordFailure(
  db: Db,
  failure: { operator: Operator | null; reason: PasswordFailure; ip: string },
) {
  const { operator } = failure;
  const actor = operator ? operatorActor(operator) : { id: null, label: "anonymous" };
  await appendAudit(db, {
    actorId: actor.id,
    actorLabel: actor.label,
    action: "operator.password-failed",
    targetKind: operator ? "user" : null,
    targetId: operator?.id ?? null,
    detail: { reason: failure.reason, ip: failure.ip },
  });
}

/** A wrong or reused second-factor code, in the transaction that counts it against the session. */
export async function auditSecondFactorFailure(
  tx: Queryable,
  operator: Operator,
  detail: { factor: "code" | "recoveryCode"; reason: string; ip: string; sessionEnded: boolean },
) {
  const actor = operatorActor(operator);
  await appendAudit(tx, {
    actorId: actor.id,
    actorLabel: actor.label,
    action: "operator.second-factor-failed",
    targetKind: "user",
    targetId: operator.id,
    detail,
  });
}
