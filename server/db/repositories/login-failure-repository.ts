// Password sign-in attempts (login_failures, migration 002), counted per username and address,
// per address, and per username alone (a growing back-off) over a sliding window (OWASP ASVS
// 2.2.1: limits that slow a guesser without letting a stranger lock the real user out). An attempt is written *before* its
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
  /** Failures of one username from one address before that pair must wait out the window. */
  perUsernameAndIp: number;
  /** Failures from one address, across usernames, before it must wait out the window. */
  perIp: number;
  /**
   * Failures of one username from anywhere before its back-off starts: each further attempt
   * waits 2^(failures - this) seconds after the newest failure, capped at backoffMaxSeconds.
   */
  usernameBackoffAfter: number;
  backoffMaxSeconds: number;
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
 * Seconds until fewer than `max` failures matching `where` remain inside the window, or 0 when
 * there are fewer already. That is the moment the max-th newest of them leaves the window.
 */
async function secondsLimited(
  db: Queryable,
  where: { username?: string; ip: string },
  max: number,
  windowSeconds: number,
): Promise<number> {
  const [row] = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $1) - now()))::int AS seconds
       FROM login_failures
      WHERE ip = $3 AND ($4::text IS NULL OR username = $4)
        AND created_at > now() - make_interval(secs => $1)
      ORDER BY created_at DESC
      OFFSET $2 LIMIT 1`,
    [windowSeconds, max - 1, where.ip, where.username ?? null],
  );
  return row ? Math.max(1, row.seconds) : 0;
}

/** Seconds left of the username's back-off (failures from every address), 0 if none. */
async function usernameBackoff(
  db: Queryable,
  username: string,
  limits: LoginLimits,
): Promise<number> {
  const [row] = await db.query<{ failures: number; since_last: number | null }>(
    `SELECT count(*)::int AS failures,
            extract(epoch FROM now() - max(created_at))::float8 AS since_last
       FROM login_failures
      WHERE username = $1 AND created_at > now() - make_interval(secs => $2)`,
    [username, limits.windowSeconds],
  );
  if (!row || row.since_last === null || row.failures < limits.usernameBackoffAfter) return 0;
  const exponent = row.failures - limits.usernameBackoffAfter;
  const delay = Math.min(2 ** Math.min(exponent, 30), limits.backoffMaxSeconds);
  const left = delay - Number(row.since_last);
  return left > 0 ? Math.ceil(left) : 0;
}

/**
 * Seconds a new attempt must wait (0 if none): by username and address together, by address,
 * and the username's own slower back-off. A stranger guessing from elsewhere therefore cannot
 * lock the real user out; spreading guesses over many addresses only slows the guesser down.
 */
export async function loginRetryAfter(
  db: Queryable,
  attempt: { username: string; ip: string },
  limits: LoginLimits,
): Promise<number> {
  const { username, ip } = attempt;
  const { perUsernameAndIp, perIp, windowSeconds } = limits;
  const byPair = await secondsLimited(db, { username, ip }, perUsernameAndIp, windowSeconds);
  const byIp = await secondsLimited(db, { ip }, perIp, windowSeconds);
  const byUser = await usernameBackoff(db, username, limits);
  return Math.max(byPair, byIp, byUser);
}

/**
 * After a successful sign-in, the failures of this username from this address (the user's own
 * typos) no longer count. Others' failures stay: a sign-in must not reset a guesser's limit.
 */
export async function clearLoginFailures(
  db: Queryable,
  username: string,
  ip: string,
): Promise<void> {
  await db.query("DELETE FROM login_failures WHERE username = $1 AND ip = $2", [username, ip]);
}
