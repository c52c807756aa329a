// Wallet users as operators search them (migration 027): by address prefix, newest first, with
// the last lock's audit row and the latest identity status; and a user's wallet sessions.
import type { Queryable } from "../db";

export interface AdminUserRow {
  id: string;
  address: string;
  created_at: Date;
  locked: boolean;
  identity_status: number | null;
  lock_reason: string | null;
  locked_at: Date | null;
  locked_by: string | null;
}

// The last lock that changed the state: a repeated lock of a locked user (`changed` false) is
// logged too, but the user has been locked since the one before.
const USER_SELECT = `
  SELECT u.id, u.address, u.created_at, u.locked,
         (SELECT s.status FROM identity_submissions s
           WHERE s.user_id = u.id ORDER BY s.id DESC LIMIT 1) AS identity_status,
         l.detail->>'reason' AS lock_reason, l.created_at AS locked_at, l.actor_label AS locked_by
    FROM users u
    LEFT JOIN LATERAL (
      SELECT a.detail, a.created_at, a.actor_label FROM audit_log a
       WHERE u.locked AND a.target_kind = 'user' AND a.target_id = u.id::text
         AND a.action = 'user.lock' AND a.detail->>'changed' = 'true'
       ORDER BY a.id DESC LIMIT 1
    ) l ON true`;

/** `prefix` lower-case, starting "0x" (may be just that); ids below `before`, newest first. */
export async function searchWalletUsers(
  db: Queryable,
  q: { prefix: string; before: string | null; limit: number },
): Promise<AdminUserRow[]> {
  return db.query<AdminUserRow>(
    `${USER_SELECT}
      WHERE u.address LIKE $1 || '%' AND ($2::bigint IS NULL OR u.id < $2::bigint)
      ORDER BY u.id DESC LIMIT $3`,
    [q.prefix, q.before, q.limit],
  );
}

export async function findWalletUser(db: Queryable, address: string): Promise<AdminUserRow | null> {
  const [row] = await db.query<AdminUserRow>(`${USER_SELECT} WHERE u.address = $1`, [address]);
  return row ?? null;
}

export interface UserSessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  idle_expires_at: Date;
  revoked_at: Date | null;
  live: boolean;
}

/** The user's newest wallet sessions; the token hash is never selected. */
export async function userSessions(
  db: Queryable,
  userId: string,
  idleSeconds: number,
  limit: number,
): Promise<UserSessionRow[]> {
  return db.query<UserSessionRow>(
    `SELECT id, created_at, last_seen_at, expires_at,
            last_seen_at + make_interval(secs => $2) AS idle_expires_at, revoked_at,
            (revoked_at IS NULL AND expires_at > now()
              AND last_seen_at + make_interval(secs => $2) > now()) AS live
       FROM sessions WHERE user_id = $1 ORDER BY id DESC LIMIT $3`,
    [userId, idleSeconds, limit],
  );
}
