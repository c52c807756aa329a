import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPassLoop } from "./pass-loop";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A pass that stays open until released. */
function gatedPass() {
  const starts: number[] = [];
  let release: () => void = () => undefined;
  const pass = () => {
    starts.push(Date.now());
    return new Promise<void>((resolve) => (release = resolve));
  };
  return { pass, starts, release: () => release() };
}

describe("startPassLoop", () => {
  it("runs at once, then everyMs after each pass ends, never two at a time", async () => {
    const t = gatedPass();
    const loop = startPassLoop(t.pass, { everyMs: 100, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.starts).toHaveLength(1);
    // A slow pass: nothing else starts while it runs.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.starts).toHaveLength(1);
    t.release();
    await vi.advanceTimersByTimeAsync(99);
    expect(t.starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((t.starts[1] ?? 0) - (t.starts[0] ?? 0)).toBe(1_100);
    t.release();
    await loop.stop();
  });

  it("waits firstAfterMs before the first pass", async () => {
    const t = gatedPass();
    const loop = startPassLoop(t.pass, {
      everyMs: 100,
      firstAfterMs: 50,
      onError: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(49);
    expect(t.starts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.starts).toHaveLength(1);
    t.release();
    await loop.stop();
  });

  it("reports a failed pass and goes on", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const boom = new Error("smtp down");
    const loop = startPassLoop(
      async () => {
        calls += 1;
        if (calls === 1) throw boom;
      },
      { everyMs: 100, onError: (err) => errors.push(err) },
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(errors).toEqual([boom]);
    expect(calls).toBe(2);
    await loop.stop();
  });

  it("stop waits for the pass in progress and runs no more", async () => {
    const t = gatedPass();
    const loop = startPassLoop(t.pass, { everyMs: 100, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(0);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    t.release();
    await stopping;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.starts).toHaveLength(1);
  });
});
