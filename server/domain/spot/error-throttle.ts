// The matcher retries a failing fill on every book, several times a second: without a limit one
// stuck order (or a database outage) would write the same error to the log at that rate. This
// lets the first error of a key through, then at most one per interval, saying how many it held.
export interface ErrorThrottle {
  /** Logs `err` for `key` now, or counts it until the key's interval has passed. */
  report(key: string, err: unknown): void;
  /** Forgets a key (its order filled or left), so a later error logs at once. */
  clear(key: string): void;
}

interface KeyState {
  loggedAt: number;
  held: number;
}

export function createErrorThrottle(
  log: (err: unknown, held: number) => void,
  intervalMs = 60_000,
  now: () => number = Date.now,
): ErrorThrottle {
  const keys = new Map<string, KeyState>();
  return {
    report(key, err) {
      const state = keys.get(key);
      const at = now();
      if (state !== undefined && at - state.loggedAt < intervalMs) {
        state.held += 1;
        return;
      }
      log(err, state?.held ?? 0);
      keys.set(key, { loggedAt: at, held: 0 });
    },
    clear(key) {
      keys.delete(key);
    },
  };
}
