// A cheaper scrypt for an operator in tests that sign in many times: their subject is the sign-in
// limits and sessions, not the hash's strength (passwords.test.ts, and auth-password.test.ts's
// first test, check the real parameters). The parameters travel in the stored hash, so every
// sign-in verifies at this cost: ~1 ms instead of ~150.
import type { Db } from "../../../server/db/db";
import { hashPassword, type ScryptParams } from "../../../server/domain/auth/passwords";

/** The least cost verifyPassword accepts. */
const CHEAP_SCRYPT: ScryptParams = { logN: 10, r: 8, p: 1 };

/** Stores `password` for the operator `username` hashed at the cheap cost. */
export async function cheapenPassword(db: Db, username: string, password: string): Promise<void> {
  const hash = await hashPassword(password, CHEAP_SCRYPT);
  const rows = await db.query<{ id: string }>(
    "UPDATE users SET password_hash = $1 WHERE username = $2 RETURNING id",
    [hash, username],
  );
  if (rows.length !== 1) throw new Error(`No operator ${username} to give a cheap password`);
}
