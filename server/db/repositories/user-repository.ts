// Users (migration 002): wallet users by lower-case address, operators by username + password hash.
import type { OperatorRole } from "../../../protocol/operators";
import type { Queryable } from "../db";

export interface UserRow {
  id: string;
  address: string | null;
  username: string | null;
  role: "user" | "operator";
  name: string | null;
  avatar: string | null;
  locked: boolean;
  invite_code: string;
  referrer_id: string | null;
  created_at: Date;
}

const USER_COLUMNS = `id, address, username, role, name, avatar, locked, invite_code, referrer_id,
  created_at`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ?? null;
}

/** `address` in any case; stored lower-case. */
export async function findUserByAddress(db: Queryable, address: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE address = $1`, [
    address.toLowerCase(),
  ]);
  return row ?? null;
}

export async function findUserIdByInviteCode(
  db: Queryable,
  inviteCode: string,
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>("SELECT id FROM users WHERE invite_code = $1", [
    inviteCode,
  ]);
  return row?.id ?? null;
}

/**
 * Creates a wallet user, or returns null when the address or the invite code is already taken
 * (ON CONFLICT DO NOTHING, so a clash never aborts the surrounding transaction: the caller looks
 * the address up again, or retries with another code).
 */
export async function insertWalletUser(
  db: Queryable,
  user: { address: string; inviteCode: string; referrerId: string | null },
): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (address, invite_code, referrer_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`,
    [user.address.toLowerCase(), user.inviteCode, user.referrerId],
  );
  return row ?? null;
}

export interface OperatorRow {
  id: string;
  password_hash: string;
  locked: boolean;
}

export async function findOperatorByUsername(
  db: Queryable,
  username: string,
): Promise<OperatorRow | null> {
  const [row] = await db.query<OperatorRow>(
    `SELECT id, password_hash, locked FROM users
      WHERE username = $1 AND role = 'operator' AND password_hash IS NOT NULL`,
    [username],
  );
  return row ?? null;
}

/**
 * Creates an operator; null when the username or invite code is taken (see insertWalletUser).
 * Use domain/auth/operators.ts `createOperator`, which hashes the password and picks the code.
 */
export async function insertOperator(
  db: Queryable,
  operator: { username: string; passwordHash: string; role: OperatorRole; inviteCode: string },
): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (username, password_hash, role, operator_role, invite_code)
     VALUES ($1, $2, 'operator', $3, $4)
     ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`,
    [operator.username, operator.passwordHash, operator.role, operator.inviteCode],
  );
  return row ?? null;
}

export async function findUserIdByUsername(
  db: Queryable,
  username: string,
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>("SELECT id FROM users WHERE username = $1", [
    username,
  ]);
  return row?.id ?? null;
}

/** Locks or unlocks a user; false when no such user. Locked users get 403 on every call. */
export async function setLocked(db: Queryable, userId: string, locked: boolean): Promise<boolean> {
  const rows = await db.query("UPDATE users SET locked = $2 WHERE id = $1 RETURNING id", [
    userId,
    locked,
  ]);
  return rows.length > 0;
}
