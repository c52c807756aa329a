// Operator sign-in and the operator session (protocol/endpoints/admin-session.ts): password, then
// TOTP enrolment or verification.
import type {
  OperatorSessionView,
  RecoveryCodes,
  TotpEnrolment,
} from "../../../protocol/operators";
import { adminRequest } from "./transport";

/** POST /auth/signin: an operator session token in stage `enrol` or `verify`. */
export function signInOperator(username: string, password: string): Promise<string> {
  return adminRequest<string>("POST", "/auth/signin", {
    json: { username, password },
    refusalIs401: true,
  });
}

export function readOperatorSession(): Promise<OperatorSessionView> {
  return adminRequest<OperatorSessionView>("GET", "/admin/session");
}

export function startTotpEnrolment(): Promise<TotpEnrolment> {
  return adminRequest<TotpEnrolment>("POST", "/admin/session/enrolment");
}

/** Confirms enrolment with a first code: the ten recovery codes, shown once. */
export function confirmTotpEnrolment(code: string): Promise<RecoveryCodes> {
  return adminRequest("POST", "/admin/session/enrolment/confirm", {
    json: { code },
    refusalIs401: true,
  });
}

export function verifySecondFactor(
  answer: { code: string } | { recoveryCode: string },
): Promise<OperatorSessionView> {
  return adminRequest<OperatorSessionView>("POST", "/admin/session/verify", {
    json: answer,
    refusalIs401: true,
  });
}

export async function logoutOperator(): Promise<void> {
  await adminRequest<null>("POST", "/auth/logout");
}
