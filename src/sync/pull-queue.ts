// One pull at a time: a request during a pull merges into one more pull after it (so nothing
// asked for is missed, and a burst of triggers costs two pulls at most); a failed pull schedules
// a retry with full-jitter backoff, which a success resets. A stopped queue stays stopped: a pull
// still running when it stopped ends without scheduling a retry, and later requests run nothing.
import { Backoff, RECONNECT_BACKOFF } from "../../protocol/backoff";
import type { SyncEnvironment } from "./environment";

export interface PullScope {
  /** Settings, links, articles and status of the wanted languages. */
  public: boolean;
  /** The signed-in user's change log. */
  account: boolean;
}
export const EVERYTHING: PullScope = { public: true, account: true };
export const ACCOUNT_ONLY: PullScope = { public: false, account: true };

export interface PullQueueDeps {
  env: SyncEnvironment;
  /** One pull; throws when it failed (and should be retried). */
  run: (scope: PullScope) => Promise<void>;
  /** A pull started (failure undefined) or ended (failure null on success). */
  onChange: (pulling: boolean, failure: unknown) => void;
}

export class PullQueue {
  private pending: PullScope | null = null;
  private current: Promise<void> | null = null;
  private cancelRetry: (() => void) | null = null;
  private stopped = false;
  private readonly backoff: Backoff;

  constructor(private readonly deps: PullQueueDeps) {
    this.backoff = new Backoff(RECONNECT_BACKOFF, deps.env.random);
  }

  /** Resolves when a pull covering `scope` finished. */
  request(scope: PullScope): Promise<void> {
    if (this.stopped) return this.current ?? Promise.resolve();
    this.pending = {
      public: scope.public || (this.pending?.public ?? false),
      account: scope.account || (this.pending?.account ?? false),
    };
    this.current ??= this.drain();
    return this.current;
  }

  /** Resolves when no pull is running or queued. */
  async whenIdle(): Promise<void> {
    while (this.current !== null) await this.current;
  }

  /** Cancels a scheduled retry and every later pull (the engine stops). */
  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.pending = null;
  }

  private async drain(): Promise<void> {
    while (this.pending !== null) {
      const scope = this.pending;
      this.pending = null;
      await this.runOnce(scope);
    }
    // No await since the loop's check: a request arriving now starts a new drain.
    this.current = null;
  }

  private async runOnce(scope: PullScope): Promise<void> {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.deps.onChange(true, undefined);
    let failure: unknown = null;
    try {
      await this.deps.run(scope);
      this.backoff.reset();
    } catch (error) {
      failure = error;
      if (!this.stopped) this.scheduleRetry();
    }
    this.deps.onChange(false, failure);
  }

  private scheduleRetry(): void {
    this.cancelRetry = this.deps.env.setTimer(() => {
      this.cancelRetry = null;
      void this.request(EVERYTHING);
    }, this.backoff.fail());
  }
}
