// Signed-in users for server tests, without going through sign-in: a users row and a session
// row written directly, the token stored hashed exactly as the real sign-in does. An operator's
// session is one that passed its second factor (stage ready), role admin unless `role` names
// another (issue 22); tests of the sign-in itself go through the real endpoints.
import { randomBytes } from "node:crypto";
import { OPERATOR_SESSION_LIMITS, type OperatorRole } from "../../../protocol/operators";
import type { Queryable } from "../../../server/db/db";
import { hashToken, newToken, SESSION_LIFETIME_SECONDS } from "../../../server/domain/auth/tokens";

export interface TestUserOptions {
  /** Wallet address (any case); default a random one for users, none for operators. */
  address?: string | null;
  /** A wallet user, or an operator: "operator" is an admin; the others name the role. */
  role?: "user" | "operator" | OperatorRole;
  /** Default a random one for operators, none for users. */
  username?: string | null;
  locked?: boolean;
  /**
   * An approved identity verification (an upload and a submission with status 1), as an operator's
   * approval leaves it: needed to withdraw to any address but the user's own wallet.
   */
  verified?: boolean;
}

export interface TestSession {
  userId: string;
  token: string;
  address: string | null;
  username: string | null;
}

/** A fresh address, lower-case as users.address stores it. */
export function randomAddress(): string {
  return `0x${randomBytes(20).toString("hex")}`;
}

export async function createUserSession(
  db: Queryable,
  options: TestUserOptions = {},
): Promise<TestSession> {
  const operatorRole = operatorRoleOf(options.role ?? "user");
  const role = operatorRole === null ? "user" : "operator";
  const address =
    options.address === undefined
      ? role === "user"
        ? randomAddress()
        : null
      : (options.address?.toLowerCase() ?? null);
  const username =
    options.username === undefined
      ? role === "operator"
        ? `op_${randomBytes(4).toString("hex")}`
        : null
      : options.username;
  // Operators must have a password hash (a CHECK); this one matches no password at all.
  const passwordHash = role === "operator" ? "test-only:no-password" : null;
  const inviteCode = randomBytes(8)
    .toString("hex")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "0")
    .slice(0, 8);
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (address, username, role, operator_role, password_hash, invite_code, locked)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [address, username, role, operatorRole, passwordHash, inviteCode, options.locked ?? false],
  );
  if (!user) throw new Error("no user row");
  const token = newToken();
  if (operatorRole === null) {
    await db.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at)
       VALUES ($1, $2, now() + make_interval(secs => $3))`,
      [user.id, hashToken(token), SESSION_LIFETIME_SECONDS],
    );
  } else {
    await db.query(
      `INSERT INTO operator_sessions (user_id, token_hash, expires_at, second_factor_at)
       VALUES ($1, $2, now() + make_interval(secs => $3), now())`,
      [user.id, hashToken(token), OPERATOR_SESSION_LIMITS.absoluteSeconds],
    );
  }
  if (options.verified) await approvedIdentity(db, user.id);
  return { userId: user.id, token, address, username };
}

function operatorRoleOf(role: NonNullable<TestUserOptions["role"]>): OperatorRole | null {
  if (role === "user") return null;
  return role === "operator" ? "admin" : role;
}

async function approvedIdentity(db: Queryable, userId: string): Promise<void> {
  const [upload] = await db.query<{ id: string }>(
    `INSERT INTO uploads (user_id, purpose, mime, size, width, height, sha256)
     VALUES ($1, 'identity', 'image/png', 1, 1, 1, $2) RETURNING id`,
    [userId, "0".repeat(64)],
  );
  if (!upload) throw new Error("no upload row");
  await db.query(
    `INSERT INTO identity_submissions (user_id, name, id_number, id_type, photo_upload_id, status,
       reviewed_at)
     VALUES ($1, 'Test User', 'X1234567', 1, $2, 1, now())`,
    [userId, upload.id],
  );
}

/** The Authorization header for a session. */
export function bearer(session: { token: string }): { authorization: string } {
  return { authorization: `Bearer ${session.token}` };
}
