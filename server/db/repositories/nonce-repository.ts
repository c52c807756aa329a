// SIWE nonces (auth_nonces, migration 002): issued to one address, used at most once.
import type { Queryable } from "../db";

export async function insertNonce(
  db: Queryable,
  nonce: string,
  address: string,
  lifetimeSeconds: number,
): Promise<void> {
  await db.query(
    `INSERT INTO auth_nonces (nonce, address, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [nonce, address.toLowerCase(), lifetimeSeconds],
  );
}

/**
 * Marks the nonce used if it was issued to `address`, is unused and unexpired; true when it did.
 * On PostgreSQL a second transaction racing for the same nonce waits on the row lock, then
 * re-checks `used_at IS NULL` after the first commits and updates nothing: exactly one wins.
 */
export async function consumeNonce(
  db: Queryable,
  nonce: string,
  address: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE auth_nonces SET used_at = now()
      WHERE nonce = $1 AND address = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING nonce`,
    [nonce, address.toLowerCase()],
  );
  return rows.length > 0;
}

export interface NonceState {
  address: string;
  used: boolean;
  expired: boolean;
}

/** Why a nonce could not be consumed (for the error message); null when it was never issued. */
export async function findNonceState(db: Queryable, nonce: string): Promise<NonceState | null> {
  const [row] = await db.query<NonceState>(
    `SELECT address, used_at IS NOT NULL AS used, expires_at <= now() AS expired
       FROM auth_nonces WHERE nonce = $1`,
    [nonce],
  );
  return row ?? null;
}

/**
 * Forgets nonces that expired a while ago. Safe for replay protection: a forgotten nonce is
 * "unknown", which fails exactly like "used". The grace period keeps "expired" messages precise.
 */
export async function deleteStaleNonces(db: Queryable, graceSeconds: number): Promise<void> {
  await db.query("DELETE FROM auth_nonces WHERE expires_at < now() - make_interval(secs => $1)", [
    graceSeconds,
  ]);
}
