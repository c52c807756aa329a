// A real websocket client for server tests (the `ws` package, as a browser would connect):
// records every frame and the close, and waits for either with a clear time-out message.
import WebSocket, { type ClientOptions } from "ws";

export interface Frame {
  type: string;
  seq: number;
  [key: string]: unknown;
}

export interface TestSocket {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first frame (from the start) that matches, or rejects after `ms`. */
  frame(match: (frame: Frame) => boolean, ms?: number): Promise<Frame>;
  /** Resolves with the close code and reason, or rejects after `ms`. */
  closed(ms?: number): Promise<{ code: number; reason: string }>;
}

export function connect(url: string, options: ClientOptions = {}): TestSocket {
  const ws = new WebSocket(url, options);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let close: { code: number; reason: string } | null = null;
  ws.on("message", (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    for (const wake of waiters) wake();
  });
  ws.on("close", (code, reason) => {
    close = { code, reason: reason.toString() };
    for (const wake of waiters) wake();
  });
  // A refused or reset connection ends in "close" too; without a listener it would throw.
  ws.on("error", () => undefined);

  const until = <T>(probe: () => T | undefined, ms: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return false;
        finish();
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`${what} within ${ms} ms; frames so far: ${JSON.stringify(frames)}`));
      }, ms);
      const wake = () => void check();
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
      check();
    });

  return {
    ws,
    frames,
    // Liveness bounds, not speed targets: two test files share the CPUs (vitest.config.ts).
    frame: (match, ms = 10_000) => until(() => frames.find(match), ms, "no matching frame"),
    closed: (ms = 10_000) => until(() => close ?? undefined, ms, "the socket did not close"),
  };
}

/** `predicate` stays false for `ms` (e.g. no poke after a rollback). */
export async function staysFalse(predicate: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (predicate()) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return !predicate();
}
