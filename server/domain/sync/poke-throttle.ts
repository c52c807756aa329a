// Coalesces a burst of change log heads into few pokes: at most one flush per interval, and the
// last flush always carries the newest head, so a client never stays behind after a burst.
// Heads are seqs as text; an older or repeated head than the one already sent is dropped.

export interface PokeThrottleOptions {
  intervalMs: number;
  /** Sends the head; the next flush waits for it to settle. */
  flush: (head: string) => void | Promise<void>;
  now?: () => number;
}

export class PokeThrottle {
  readonly #options: PokeThrottleOptions;
  #sent = -1n;
  #pending: bigint | null = null;
  #lastFlushAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | null = null;
  #flushing = false;
  #stopped = false;

  constructor(options: PokeThrottleOptions) {
    this.#options = options;
  }

  push(head: string): void {
    const value = BigInt(head);
    if (
      this.#stopped ||
      value <= this.#sent ||
      (this.#pending !== null && value <= this.#pending)
    ) {
      return;
    }
    this.#pending = value;
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  #schedule(): void {
    if (this.#timer || this.#flushing || this.#pending === null || this.#stopped) return;
    const wait = this.#lastFlushAt + this.#options.intervalMs - this.#now();
    if (wait <= 0) {
      void this.#flush();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#flush();
    }, wait);
  }

  async #flush(): Promise<void> {
    const value = this.#pending;
    if (value === null || this.#stopped) return;
    this.#pending = null;
    this.#sent = value;
    this.#lastFlushAt = this.#now();
    this.#flushing = true;
    try {
      await this.#options.flush(value.toString());
    } catch {
      // flush reports its own failures; a rejection here must not become an unhandled one.
    } finally {
      this.#flushing = false;
      this.#schedule();
    }
  }
}
