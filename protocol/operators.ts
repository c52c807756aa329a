// Operators (issue 22): their roles, what each role may do, and the stages of an operator's
// sign-in. This file is the ONE place roles and permissions are defined: the server's permission
// hook, the console and the tests all read them from here.

/** An operator's role, set by `npm run admin -- create-admin <username> --role <role>`. */
export const OPERATOR_ROLES = ["admin", "reviewer", "support"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * What an /admin endpoint needs (its record's `permission`; a GET without one needs `read`):
 * - `read`: every GET under /admin;
 * - `review`: approve or reject in the identity, recharge and withdrawal queues;
 * - `manage`: lock/unlock users, content (articles, links, settings), messages, newsletter,
 *   promotions, operators.
 */
export const PERMISSIONS = ["read", "review", "manage"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly Permission[]>> = {
  admin: ["read", "review", "manage"],
  reviewer: ["read", "review"],
  support: ["read"],
};

export function roleAllows(role: OperatorRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/**
 * The permission an endpoint record needs: its own `permission`, else `read` for a GET. A
 * non-GET without one needs `manage` — the strictest, so a forgotten field never opens a route.
 */
export function permissionOf(endpoint: {
  method: string;
  permission?: Permission | undefined;
}): Permission {
  if (endpoint.permission !== undefined) return endpoint.permission;
  return endpoint.method === "GET" ? "read" : "manage";
}

/**
 * Where an operator session is in its sign-in. The password starts it in `enrol` (no TOTP yet)
 * or `verify` (TOTP enrolled); a TOTP code (or a recovery code) makes it `ready`. Until then
 * its token opens only the /admin/session endpoints and /auth/logout (401
 * SECOND_FACTOR_REQUIRED elsewhere).
 */
export const OPERATOR_SESSION_STAGES = ["enrol", "verify", "ready"] as const;
export type OperatorSessionStage = (typeof OPERATOR_SESSION_STAGES)[number];

/** Operator sessions are short: 8 hours from sign-in, or 30 minutes without a request. */
export const OPERATOR_SESSION_LIMITS = {
  absoluteSeconds: 8 * 3600,
  idleSeconds: 30 * 60,
} as const;

/** RFC 6238 as every authenticator app reads it from an otpauth:// URI. */
export const TOTP_PARAMETERS = {
  issuer: "Quanta",
  algorithm: "SHA1",
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of the server's clock (phones drift). */
  window: 1,
} as const;

/** A TOTP code as typed: six digits. */
export const TOTP_CODE_PATTERN = "^[0-9]{6}$";

/** How many recovery codes enrolment hands out; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** GET /admin/session (and the answer of POST /admin/session/verify). */
export interface OperatorSessionView {
  username: string;
  role: OperatorRole;
  stage: OperatorSessionStage;
  /** What the role may do (ROLE_PERMISSIONS), so the console can hide what it would refuse. */
  permissions: Permission[];
  /** The absolute end (8 h after sign-in). */
  expiresAt: string;
  /** When the session ends if no request comes before (30 min after the last). */
  idleExpiresAt: string;
}

/** POST /admin/session/enrolment: the secret to put in an authenticator app. */
export interface TotpEnrolment {
  /** Base32 (RFC 4648, no padding), for typing in by hand. */
  secret: string;
  /** `otpauth://totp/Quanta:<username>?secret=...&issuer=Quanta...`; the console draws it as a QR code. */
  uri: string;
}

/** POST /admin/session/enrolment/confirm: shown once; only their hashes are kept. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}
