// The clock and timers the Binance source runs on, injected so tests can step a day in a
// microsecond: a reconnect wait or the 24-hour rotation fires when the test says so.

export interface Scheduler {
  now(): number;
  /** Runs `fn` once after `ms`; the answer cancels it. */
  setTimeout(fn: () => void, ms: number): () => void;
}

/** Wall clock and real timers; unref'd, so a pending reconnect never keeps a process alive. */
export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
