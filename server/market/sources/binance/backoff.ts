// Reconnect delays: exponential backoff with full jitter, the policy the app's sync layer uses
// (src/sync/backoff.ts; the server cannot import from src/). The wait is uniformly random in
// [0, min(cap, base * 2^attempt)), so a fleet of servers cut off together does not return together.

export interface BackoffPolicy {
  /** The ceiling of the first retry's wait. */
  baseMs: number;
  /** No wait ever exceeds this. */
  capMs: number;
}

/** 1 s, 2 s, 4 s ... capped at a minute, as the app's sync does. */
export const EXCHANGE_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };

/** The ceiling of the wait after `attempt` failures in a row (attempt 0: the first retry). */
export function backoffCeiling(attempt: number, policy: BackoffPolicy): number {
  // 2^attempt overflows to Infinity past ~1023; min() keeps it at the cap.
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt));
}

/** A wait in [0, ceiling), from `random` in [0, 1) (injected so tests pin it). */
export function fullJitterDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  return Math.floor(random() * backoffCeiling(attempt, policy));
}
