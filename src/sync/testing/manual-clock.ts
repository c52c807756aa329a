// A clock and timers that move only when a test says so, for the feeds' backoff, watchdog,
// linger and flush slots. `advance` runs every timer that falls due, in time order, including
// timers those timers set.
import type { SyncEnvironment } from "../environment";
import { testEnvironment, type FakePage } from "./fake-environment";

interface Timer {
  at: number;
  order: number;
  fn: () => void;
}

export class ManualClock {
  private time: number;
  private order = 0;
  private readonly timers = new Set<Timer>();

  constructor(start = Date.parse("2026-04-01T10:00:00.000Z")) {
    this.time = start;
  }

  now = (): number => this.time;

  setTimer = (fn: () => void, ms: number): (() => void) => {
    const timer = { at: this.time + Math.max(0, ms), order: this.order++, fn };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  };

  /** Delays of the timers waiting now, soonest first (relative to now). */
  pending(): number[] {
    return [...this.timers].map((timer) => timer.at - this.time).sort((a, b) => a - b);
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let next: Timer | undefined;
      for (const timer of this.timers) {
        if (timer.at > end) continue;
        if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) {
          next = timer;
        }
      }
      if (!next) break;
      this.timers.delete(next);
      this.time = Math.max(this.time, next.at);
      next.fn();
    }
    this.time = end;
  }

  /** A test environment on this clock (random pinned to 0.5 unless overridden). */
  environment(page?: FakePage, overrides: Partial<SyncEnvironment> = {}): SyncEnvironment {
    return testEnvironment(page, { now: this.now, setTimer: this.setTimer, ...overrides });
  }
}
