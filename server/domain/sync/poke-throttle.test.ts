import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PokeThrottle } from "./poke-throttle";

describe("PokeThrottle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function throttle() {
    const sent: [number, string][] = [];
    const t = new PokeThrottle({
      intervalMs: 50,
      flush: (head) => void sent.push([Date.now(), head]),
    });
    return { t, sent };
  }

  it("sends the first head at once and coalesces a burst into one more, the newest", async () => {
    const { t, sent } = throttle();
    const start = Date.now();
    t.push("1");
    for (let head = 2; head <= 30; head++) t.push(String(head));
    expect(sent).toEqual([[start, "1"]]);
    await vi.advanceTimersByTimeAsync(49);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      [start, "1"],
      [start + 50, "30"],
    ]);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toHaveLength(2);
  });

  it("drops heads it has already sent or that are older", async () => {
    const { t, sent } = throttle();
    t.push("5");
    t.push("5");
    t.push("3");
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map(([, head]) => head)).toEqual(["5"]);
    t.push("6");
    expect(sent.map(([, head]) => head)).toEqual(["5", "6"]);
  });

  it("compares heads as integers, not as text", async () => {
    const { t, sent } = throttle();
    t.push("9");
    await vi.advanceTimersByTimeAsync(100);
    t.push("10");
    expect(sent.map(([, head]) => head)).toEqual(["9", "10"]);
  });

  it("waits for a slow flush and then sends the newest head", async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const t = new PokeThrottle({
      intervalMs: 50,
      flush: (head) => {
        sent.push(head);
        return head === "1" ? new Promise<void>((r) => (release = r)) : undefined;
      },
    });
    t.push("1");
    t.push("2");
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual(["1"]);
    t.push("3");
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["1", "3"]);
  });

  it("survives a failing flush and sends nothing after stop", async () => {
    const sent: string[] = [];
    const t = new PokeThrottle({
      intervalMs: 50,
      flush: (head) => {
        sent.push(head);
        if (head === "1") throw new Error("socket gone");
      },
    });
    t.push("1");
    t.push("2");
    await vi.advanceTimersByTimeAsync(50);
    expect(sent).toEqual(["1", "2"]);
    t.push("3");
    t.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual(["1", "2"]);
  });
});
