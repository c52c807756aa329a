import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Depth, DepthLevel } from "../../../protocol/market";
import { applyDepthUpdate } from "./depth-diff";
import { DEPTH_MIN_GAP_MS, DepthTopic } from "./depth-topic";
import { fakeHub, parsed } from "./hub-test-kit";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function bookAt(step: number): Depth {
  const level = (price: number): DepthLevel => [price.toFixed(2), String(1 + (step % 3))];
  return {
    symbol: "BTC/USDT",
    bids: [level(100 - (step % 2)), level(98)],
    asks: [level(101 + (step % 2)), level(103)],
    seq: String(step),
    ts: new Date(step * 100).toISOString(),
  };
}

describe("DepthTopic", () => {
  it("conflates to one frame per 100 ms at most, and updates rebuild the book", async () => {
    const hub = fakeHub();
    let step = 0;
    const topic = new DepthTopic(hub.context, "BTC/USDT", () => bookAt(step));
    const { socket, connection } = hub.connect();
    topic.join(connection);
    connection.sendSnapshot();
    const sentAt: number[] = [];
    // 100 book changes a second for 3 seconds.
    for (let i = 0; i < 300; i += 1) {
      step += 1;
      topic.changed();
      const before = socket.sent.length;
      hub.advance(10);
      await vi.advanceTimersByTimeAsync(10);
      if (socket.sent.length > before) sentAt.push(i * 10);
    }
    hub.advance(DEPTH_MIN_GAP_MS);
    await vi.advanceTimersByTimeAsync(DEPTH_MIN_GAP_MS);
    const frames = parsed(socket);
    // Any 1000 ms window holds at most 10 frames; and the stream is dense, not starved.
    for (let i = 10; i < sentAt.length; i += 1) {
      expect((sentAt[i] ?? 0) - (sentAt[i - 10] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
    expect(frames.length).toBeGreaterThanOrEqual(28);
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    let book = { bids: [] as DepthLevel[], asks: [] as DepthLevel[] };
    for (const frame of frames) {
      const sides = { bids: frame.bids as DepthLevel[], asks: frame.asks as DepthLevel[] };
      book = frame.type === "snapshot" ? sides : applyDepthUpdate(book, sides);
    }
    const last = bookAt(step);
    expect(book).toEqual({ bids: last.bids, asks: last.asks });
  });

  it("sends nothing when the book did not change", async () => {
    const hub = fakeHub();
    const topic = new DepthTopic(hub.context, "BTC/USDT", () => bookAt(4));
    const { socket, connection } = hub.connect();
    topic.join(connection);
    connection.sendSnapshot();
    topic.changed();
    hub.advance(500);
    await vi.advanceTimersByTimeAsync(500);
    expect(parsed(socket).map((f) => f.type)).toEqual(["snapshot"]);
    expect(topic.seq).toBe(1);
  });
});
