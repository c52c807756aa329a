// Operator sessions (issue 22): their own table and tokens, 8 h absolute and 30 min idle
// (protocol/operators.ts), apart from wallet users' sessions. The password starts one; it is of
// use only once a second factor passed (second-factor.ts).
import {
  OPERATOR_SESSION_LIMITS,
  ROLE_PERMISSIONS,
  type OperatorSessionStage,
  type OperatorSessionView,
} from "../../../protocol/operators";
import type { Queryable } from "../../db/db";
import {
  createOperatorSession,
  revokeOperatorSession,
  type OperatorSessionRow,
} from "../../db/repositories/operator-session-repository";
import { hashToken, newToken } from "./tokens";

/** Creates an operator session (stage enrol or verify) and returns its token. */
export async function startOperatorSession(db: Queryable, userId: string): Promise<string> {
  const token = newToken();
  await createOperatorSession(
    db,
    userId,
    hashToken(token),
    OPERATOR_SESSION_LIMITS.absoluteSeconds,
  );
  return token;
}

export async function endOperatorSession(db: Queryable, sessionId: string): Promise<void> {
  await revokeOperatorSession(db, sessionId);
}

export function stageOf(
  row: Pick<OperatorSessionRow, "second_factor_at" | "totp_confirmed">,
): OperatorSessionStage {
  if (row.second_factor_at !== null) return "ready";
  return row.totp_confirmed ? "verify" : "enrol";
}

/** GET /admin/session. `lastSeenAt`: as of this request (the session was just touched). */
export function operatorSessionView(
  row: Pick<
    OperatorSessionRow,
    "username" | "operator_role" | "second_factor_at" | "totp_confirmed" | "expires_at"
  >,
  lastSeenAt: Date,
): OperatorSessionView {
  const idleEnd = lastSeenAt.getTime() + OPERATOR_SESSION_LIMITS.idleSeconds * 1000;
  const expiresAt = row.expires_at.getTime();
  return {
    username: row.username,
    role: row.operator_role,
    stage: stageOf(row),
    permissions: [...ROLE_PERMISSIONS[row.operator_role]],
    expiresAt: new Date(expiresAt).toISOString(),
    idleExpiresAt: new Date(Math.min(idleEnd, expiresAt)).toISOString(),
  };
}
