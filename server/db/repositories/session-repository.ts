// Sessions: opaque tokens stored only as SHA-256 hashes (a leaked table signs nobody in).
import type { Queryable } from "../db";

export interface SessionUserRow {
  session_id: string;
  user_id: string;
  address: string | null;
  username: string | null;
  role: "user" | "operator";
  locked: boolean;
  last_seen_at: Date;
}

/** The live session for a token hash: not revoked, not past its absolute or idle expiry. */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
  idleSeconds: number,
): Promise<SessionUserRow | null> {
  const [row] = await db.query<SessionUserRow>(
    `SELECT s.id AS session_id, u.id AS user_id, u.address, u.username, u.role, u.locked,
            s.last_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1
        AND s.revoked_at IS NULL
        AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => $2)`,
    [tokenHash, idleSeconds],
  );
  return row ?? null;
}

export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query("UPDATE sessions SET last_seen_at = now() WHERE id = $1", [sessionId]);
}

export async function createSession(
  db: Queryable,
  userId: string,
  tokenHash: string,
  lifetimeSeconds: number,
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [userId, tokenHash, lifetimeSeconds],
  );
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query("UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [
    sessionId,
  ]);
}
