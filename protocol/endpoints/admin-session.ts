// /admin/session: the operator's second factor (issue 22). POST /auth/signin { username, password }
// answers a token whose session is in stage `enrol` (no TOTP yet) or `verify`; these endpoints
// take such a token to `ready`. Every other /admin endpoint needs a ready session.
import { Type } from "@sinclair/typebox";
import {
  TOTP_CODE_PATTERN,
  type OperatorSessionView,
  type RecoveryCodes,
  type TotpEnrolment,
} from "../operators";
import { API_BASE } from "../paths";
import { described } from "./common";
import { endpoint } from "./endpoint";

const SESSION = `${API_BASE}/admin/session`;

const TotpCode = Type.String({ pattern: TOTP_CODE_PATTERN, description: "six digits" });
/** Recovery codes are compared without case, spaces or hyphens; the bound keeps junk out. */
const RecoveryCode = Type.String({ minLength: 1, maxLength: 64 });

/**
 * `{ code }` or `{ recoveryCode }`, exactly one. One object with a property count rather than a
 * union: Ajv strips unknown keys per branch, so a union would quietly take the first of two.
 */
const VerifyBody = Type.Unsafe<{ code: string } | { recoveryCode: string }>(
  Type.Object(
    { code: Type.Optional(TotpCode), recoveryCode: Type.Optional(RecoveryCode) },
    { additionalProperties: false, minProperties: 1, maxProperties: 1 },
  ),
);

const SessionView = described<OperatorSessionView>(
  "{ username, role, stage, permissions, expiresAt, idleExpiresAt }",
);

export const adminSessionEndpoints = {
  session: endpoint({
    method: "GET",
    path: SESSION,
    summary: "The operator's session: role, sign-in stage and when it ends",
    access: "operator-session",
    answer: SessionView,
  }),
  startEnrolment: endpoint({
    method: "POST",
    path: `${SESSION}/enrolment`,
    summary: "Stage enrol: a new TOTP secret and its otpauth:// URI (replaces an unconfirmed one)",
    access: "operator-session",
    answer: described<TotpEnrolment>("{ secret, uri }"),
  }),
  confirmEnrolment: endpoint({
    method: "POST",
    path: `${SESSION}/enrolment/confirm`,
    summary: "Stage enrol: a code from the new secret; answers ten single-use recovery codes, once",
    access: "operator-session",
    body: Type.Object({ code: TotpCode }, { additionalProperties: false }),
    answer: described<RecoveryCodes>("{ recoveryCodes: string[10] }"),
  }),
  verify: endpoint({
    method: "POST",
    path: `${SESSION}/verify`,
    summary: "Stage verify: a TOTP code (once per window) or a recovery code (once ever)",
    access: "operator-session",
    body: VerifyBody,
    answer: SessionView,
  }),
};
