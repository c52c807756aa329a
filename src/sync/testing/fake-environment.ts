// Test doubles for the sync engine's environment (src/sync/environment.ts): an in-memory Web
// Locks implementation with the real one's queueing and abort rules, and a page whose focus and
// visibility tests drive. Used by unit tests (jsdom) and by the server-backed engine tests (Node).
import type { LockManagerLike, SyncEnvironment, TabChannel, TabMessage } from "../environment";

/** Exclusive locks, granted first come first served; a queued request can be aborted. */
export class FakeLocks implements LockManagerLike {
  private readonly holders = new Set<string>();
  private readonly queues = new Map<string, (() => void)[]>();

  async request<T>(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T> {
    await this.acquire(name, options.signal);
    try {
      return await callback({ name, mode: "exclusive" });
    } finally {
      this.release(name);
    }
  }

  /** Whether someone holds `name` now. */
  held(name: string): boolean {
    return this.holders.has(name);
  }

  private acquire(name: string, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(new DOMException("Aborted", "AbortError"));
    if (!this.holders.has(name)) {
      this.holders.add(name);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(name) ?? [];
      const grant = () => {
        signal?.removeEventListener("abort", abort);
        resolve();
      };
      const abort = () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(new DOMException("Aborted", "AbortError"));
      };
      signal?.addEventListener("abort", abort, { once: true });
      queue.push(grant);
      this.queues.set(name, queue);
    });
  }

  private release(name: string): void {
    const next = this.queues.get(name)?.shift();
    // Handed straight to the next in line: the lock never looks free in between.
    if (next) next();
    else this.holders.delete(name);
  }
}

/** A page (tab) whose visibility and focus a test changes. */
export class FakePage {
  visible = true;
  private readonly visibleListeners = new Set<() => void>();
  private readonly focusListeners = new Set<() => void>();

  show(): void {
    this.visible = true;
    for (const listener of this.visibleListeners) listener();
  }

  hide(): void {
    this.visible = false;
  }

  focus(): void {
    for (const listener of this.focusListeners) listener();
  }

  onVisible(listener: () => void): () => void {
    this.visibleListeners.add(listener);
    return () => this.visibleListeners.delete(listener);
  }

  onFocus(listener: () => void): () => void {
    this.focusListeners.add(listener);
    return () => this.focusListeners.delete(listener);
  }
}

/** Tabs of one test talking over one bus (BroadcastChannel semantics: never to oneself). */
export class FakeTabBus {
  private readonly members = new Set<(message: TabMessage) => void>();
  readonly sent: TabMessage[] = [];

  open(): TabChannel {
    const own = new Set<(message: TabMessage) => void>();
    return {
      post: (message) => {
        this.sent.push(message);
        for (const listener of this.members) if (!own.has(listener)) listener(message);
      },
      listen: (listener) => {
        own.add(listener);
        this.members.add(listener);
        return () => {
          own.delete(listener);
          this.members.delete(listener);
        };
      },
      close: () => {
        for (const listener of own) this.members.delete(listener);
        own.clear();
      },
    };
  }
}

/** Real timers and clock, a fake page, no sockets/locks/channel unless given. */
export function testEnvironment(
  page: FakePage = new FakePage(),
  overrides: Partial<SyncEnvironment> = {},
): SyncEnvironment {
  return {
    now: () => Date.now(),
    random: () => 0.5,
    setTimer(fn, ms) {
      const handle = setTimeout(fn, ms);
      return () => clearTimeout(handle);
    },
    isVisible: () => page.visible,
    onVisible: (listener) => page.onVisible(listener),
    onFocus: (listener) => page.onFocus(listener),
    locks: null,
    persistStorage: null,
    openSocket: null,
    openChannel: null,
    ...overrides,
  };
}
