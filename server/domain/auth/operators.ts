// Operator accounts: created by `npm run admin -- create-admin` (server/cli), never over HTTP.
import type { OperatorRole } from "../../../protocol/operators";
import type { Queryable } from "../../db/db";
import { findUserIdByUsername, insertOperator } from "../../db/repositories/user-repository";
import { conflict, invalid } from "../errors";
import { newInviteCode } from "./invite-codes";
import { hashPassword } from "./passwords";

/** The users.username CHECK. */
export const USERNAME_PATTERN = /^[a-z0-9_.-]{3,32}$/;

/**
 * Creates an operator with `role` who signs in with `username` and `password` at POST
 * /auth/signin, then enrols TOTP (second-factor.ts). Refuses a malformed username (VALIDATION)
 * and one that is taken (CONFLICT).
 */
export async function createOperator(
  db: Queryable,
  username: string,
  password: string,
  role: OperatorRole,
): Promise<{ id: string }> {
  if (!USERNAME_PATTERN.test(username)) {
    throw invalid(
      "username",
      "format",
      "A username is 3-32 characters: lower-case letters, digits, _ . and -",
    );
  }
  if (password.length < 12) {
    throw invalid("password", "length", "An operator password has at least 12 characters");
  }
  const passwordHash = await hashPassword(password);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const created = await insertOperator(db, {
      username,
      passwordHash,
      role,
      inviteCode: newInviteCode(),
    });
    if (created) return { id: created.id };
    // Nothing inserted: the username is taken, or (rarely) the random invite code was.
    if ((await findUserIdByUsername(db, username)) !== null) {
      throw conflict("username-taken", `The username "${username}" is taken`);
    }
  }
  throw new Error("No free invite code after 5 attempts");
}
