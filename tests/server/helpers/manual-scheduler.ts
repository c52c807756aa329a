// A clock and timers that move only when a test says so (advance), for code that takes a
// Scheduler: a day of reconnect waits and connection rotations passes in microseconds.
import type { Scheduler } from "../../../server/market/sources/binance/scheduler";

interface Timer {
  at: number;
  order: number;
  fn: () => void;
}

export class ManualScheduler implements Scheduler {
  /** Every delay asked for, in order (cancelled ones too). */
  readonly requested: number[] = [];
  private timers: Timer[] = [];
  private order = 0;

  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const timer: Timer = { at: this.time + ms, order: this.order++, fn };
    this.timers.push(timer);
    this.requested.push(ms);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves the clock by `ms`, running each timer that falls due, earliest first, at its time. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = end;
  }

  /** Delays still pending, measured from now. */
  pending(): number[] {
    return this.timers.map((t) => t.at - this.time).sort((a, b) => a - b);
  }
}
