// Operator sessions, TOTP secrets and recovery codes (migration 024). Tokens and recovery codes
// are stored only as SHA-256 hashes.
import type { OperatorRole } from "../../../protocol/operators";
import type { Queryable } from "../db";

export interface OperatorSessionRow {
  session_id: string;
  user_id: string;
  username: string;
  operator_role: OperatorRole;
  locked: boolean;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  second_factor_at: Date | null;
  second_factor_failures: number;
  /** Whether the operator has a confirmed TOTP secret (stage verify rather than enrol). */
  totp_confirmed: boolean;
}

const SESSION_SELECT = `SELECT s.id AS session_id, u.id AS user_id, u.username, u.operator_role,
         u.locked, s.created_at, s.last_seen_at, s.expires_at, s.second_factor_at,
         s.second_factor_failures, (t.confirmed_at IS NOT NULL) AS totp_confirmed
    FROM operator_sessions s
    JOIN users u ON u.id = s.user_id AND u.role = 'operator'
    LEFT JOIN operator_totp t ON t.user_id = s.user_id`;

/** The live session for a token hash: not revoked, not past its absolute or idle expiry. */
export async function findLiveOperatorSession(
  db: Queryable,
  tokenHash: string,
  idleSeconds: number,
): Promise<OperatorSessionRow | null> {
  const [row] = await db.query<OperatorSessionRow>(
    `${SESSION_SELECT}
      WHERE s.token_hash = $1
        AND s.revoked_at IS NULL
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => $2)`,
    [tokenHash, idleSeconds],
  );
  return row ?? null;
}

/** The session by id, locked for the rest of the transaction (second-factor checks). */
export async function lockOperatorSession(
  tx: Queryable,
  sessionId: string,
): Promise<OperatorSessionRow | null> {
  const [row] = await tx.query<OperatorSessionRow>(
    `${SESSION_SELECT} WHERE s.id = $1 AND s.revoked_at IS NULL FOR UPDATE OF s`,
    [sessionId],
  );
  return row ?? null;
}

export async function createOperatorSession(
  db: Queryable,
  userId: string,
  tokenHash: string,
  lifetimeSeconds: number,
): Promise<void> {
  await db.query(
    `INSERT INTO operator_sessions (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [userId, tokenHash, lifetimeSeconds],
  );
}

export async function touchOperatorSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query("UPDATE operator_sessions SET last_seen_at = now() WHERE id = $1", [sessionId]);
}

export async function markSecondFactorPassed(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query(
    `UPDATE operator_sessions SET second_factor_at = now(), last_seen_at = now() WHERE id = $1`,
    [sessionId],
  );
}

/** Counts a wrong code; ends the session once it reaches `limit`. Answers the new count. */
export async function recordSecondFactorFailure(
  db: Queryable,
  sessionId: string,
  limit: number,
): Promise<number> {
  const [row] = await db.query<{ failures: number }>(
    `UPDATE operator_sessions
        SET second_factor_failures = second_factor_failures + 1,
            revoked_at = CASE WHEN second_factor_failures + 1 >= $2 THEN now() ELSE revoked_at END
      WHERE id = $1
      RETURNING second_factor_failures AS failures`,
    [sessionId, limit],
  );
  return row?.failures ?? limit;
}

export async function revokeOperatorSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query(
    "UPDATE operator_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL",
    [sessionId],
  );
}

export interface TotpRow {
  secret: string;
  confirmed_at: Date | null;
  last_used_step: string | null;
}

/** The operator's TOTP row, locked for the rest of the transaction. */
export async function lockTotp(tx: Queryable, userId: string): Promise<TotpRow | null> {
  const [row] = await tx.query<TotpRow>(
    "SELECT secret, confirmed_at, last_used_step FROM operator_totp WHERE user_id = $1 FOR UPDATE",
    [userId],
  );
  return row ?? null;
}

/** A new unconfirmed secret, replacing an unconfirmed one; false if one is already confirmed. */
export async function putPendingTotp(
  tx: Queryable,
  userId: string,
  secret: string,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO operator_totp (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now()
       WHERE operator_totp.confirmed_at IS NULL
     RETURNING user_id`,
    [userId, secret],
  );
  return rows.length > 0;
}

export async function confirmTotp(tx: Queryable, userId: string, step: number): Promise<void> {
  await tx.query(
    "UPDATE operator_totp SET confirmed_at = now(), last_used_step = $2 WHERE user_id = $1",
    [userId, step],
  );
}

export async function setLastUsedStep(tx: Queryable, userId: string, step: number): Promise<void> {
  await tx.query("UPDATE operator_totp SET last_used_step = $2 WHERE user_id = $1", [userId, step]);
}

/** Replaces the operator's recovery codes (used or not) with these hashes. */
export async function replaceRecoveryCodes(
  tx: Queryable,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await tx.query("DELETE FROM operator_recovery_codes WHERE user_id = $1", [userId]);
  await tx.query(
    `INSERT INTO operator_recovery_codes (user_id, code_hash)
     SELECT $1, unnest($2::text[])`,
    [userId, [...hashes]],
  );
}

export type RecoveryCodeUse = "used" | "already-used" | "unknown";

/** Uses the operator's recovery code with this hash, once. */
export async function useRecoveryCode(
  tx: Queryable,
  userId: string,
  codeHash: string,
): Promise<RecoveryCodeUse> {
  const [row] = await tx.query<{ id: string; used_at: Date | null }>(
    `SELECT id, used_at FROM operator_recovery_codes
      WHERE user_id = $1 AND code_hash = $2 FOR UPDATE`,
    [userId, codeHash],
  );
  if (!row) return "unknown";
  if (row.used_at !== null) return "already-used";
  await tx.query("UPDATE operator_recovery_codes SET used_at = now() WHERE id = $1", [row.id]);
  return "used";
}

export async function unusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM operator_recovery_codes
      WHERE user_id = $1 AND used_at IS NULL`,
    [userId],
  );
  return row?.n ?? 0;
}
