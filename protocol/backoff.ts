// Exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"):
// the wait is uniformly random between 0 and min(cap, base × 2^attempt), so many clients that
// failed together (a server restart, or an exchange cut off from a fleet of servers) do not come
// back together. Shared by the app's sync and the server's market sources.

export interface BackoffPolicy {
  /** The ceiling of the first retry's wait. */
  baseMs: number;
  /** No wait ever exceeds this. */
  capMs: number;
}

/** The app's pulls and sockets, and the server's exchange feed: 1 s, 2 s, 4 s … capped at a minute. */
export const RECONNECT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };

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

/** Counts failures in a row; `reset` on success. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly random: () => number = Math.random,
  ) {}

  /** Records a failure and answers how long to wait before the next try. */
  fail(): number {
    const delay = fullJitterDelay(this.failures, this.policy, this.random);
    this.failures += 1;
    return delay;
  }

  reset(): void {
    this.failures = 0;
  }

  get attempts(): number {
    return this.failures;
  }
}
