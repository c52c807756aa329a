// Password sign-in attempts (login_failures, migration 002), counted per username and per client
// address over a sliding window for brute-force limits. An attempt is written *before* its
// password is checked and deleted if it succeeds, so a burst of parallel guesses is counted as
// it happens instead of after each ~250 ms hash.
import type { Queryable } from "../db";

/**
 * Serialises attempts on one username until the transaction ends, so "count, then record" is
 * exact under concurrency (per client address it stays approximate: different usernames do not
 * wait for each other).
 */
export async function lockLoginAttempts(tx: Queryable, username: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('login:' || $1))", [username]);
}

export interface LoginLimits {
  perUsername: number;
  perIp: number;
  windowSeconds: number;
}

/** Records an attempt as a failure until it proves otherwise (clearLoginFailures). */
export async function recordLoginAttempt(
  db: Queryable,
  username: string,
  ip: string,
): Promise<void> {
  await db.query("INSERT INTO login_failures (username, ip) VALUES ($1, $2)", [username, ip]);
}

/**
 * Seconds until fewer than `max` failures of `column = value` remain inside the window, or 0
 * when there are fewer already. That is the moment the max-th newest of them leaves the window.
 */
async function secondsLimited(
  db: Queryable,
  column: "username" | "ip",
  value: string,
  max: number,
  windowSeconds: number,
): Promise<number> {
  const [row] = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $2) - now()))::int AS seconds
       FROM login_failures
      WHERE ${column} = $1 AND created_at > now() - make_interval(secs => $2)
      ORDER BY created_at DESC
      OFFSET $3 LIMIT 1`,
    [value, windowSeconds, max - 1],
  );
  return row ? Math.max(1, row.seconds) : 0;
}

/** Seconds a new attempt must wait, by username and by client address; 0 if none. */
export async function loginRetryAfter(
  db: Queryable,
  attempt: { username: string; ip: string },
  limits: LoginLimits,
): Promise<number> {
  const { username, ip } = attempt;
  const { perUsername, perIp, windowSeconds } = limits;
  const byUser = await secondsLimited(db, "username", username, perUsername, windowSeconds);
  const byIp = await secondsLimited(db, "ip", ip, perIp, windowSeconds);
  return Math.max(byUser, byIp);
}

/** After a successful sign-in the user's earlier typos no longer count against them. */
export async function clearLoginFailures(db: Queryable, username: string): Promise<void> {
  await db.query("DELETE FROM login_failures WHERE username = $1", [username]);
}
