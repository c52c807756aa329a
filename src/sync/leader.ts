// One tab leads (Web Locks): it pulls, holds the account socket and flushes the outbox; the
// others read the same IndexedDB, whose live queries see the leader's writes. The lock is held for
// the tab's lifetime — closing or crashing the tab releases it and the next tab in line leads.
import type { LockManagerLike } from "./environment";

export const LEADER_LOCK = "quanta-sync-leader";
/** Held around each outbox flush, so two tabs never send at once (also without a leader). */
export const OUTBOX_LOCK = "quanta-outbox";

export interface Leadership {
  readonly leading: boolean;
  /** Leaves the election (and releases the lock if held). */
  stop(): void;
}

/**
 * Queues for the leader lock; `onLead` runs once this tab holds it. Without Web Locks (old
 * Safari, jsdom) every tab leads alone: duplicate pulls are harmless, and each outbox entry is
 * claimed in a transaction before it is sent.
 */
export function joinLeaderElection(locks: LockManagerLike | null, onLead: () => void): Leadership {
  let leading = false;
  let stopped = false;
  if (locks === null) {
    leading = true;
    onLead();
    return {
      get leading() {
        return leading;
      },
      stop() {
        leading = false;
      },
    };
  }
  const abort = new AbortController();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  locks
    .request(LEADER_LOCK, { signal: abort.signal }, async () => {
      if (stopped) return;
      leading = true;
      onLead();
      await held;
    })
    // Aborted while still queued (stop() before this tab led): nothing to undo.
    .catch(() => undefined);
  return {
    get leading() {
      return leading;
    },
    stop() {
      stopped = true;
      leading = false;
      // Abort only cancels a queued request; a granted lock is released by ending its callback.
      abort.abort();
      release();
    },
  };
}

/** Runs `fn` holding `name` (or directly, without Web Locks). */
export function withLock<T>(
  locks: LockManagerLike | null,
  name: string,
  fn: () => Promise<T>,
): Promise<T> {
  return locks === null ? fn() : locks.request(name, {}, fn);
}
