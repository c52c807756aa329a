import { describe, expect, it } from "vitest";
import type { HubConnection } from "./hub-connection";
import { fakeHub, parsed } from "./hub-test-kit";
import { Topic } from "./topic";

/** A topic whose state is a number; its snapshot says which seq it is. */
class CounterTopic extends Topic {
  snapshot(connection: HubConnection): string {
    return this.cachedSnapshot(connection.limit, () => ({ type: "snapshot", seq: this.seq }));
  }
  next(): void {
    this.seq += 1;
    this.publish({ type: "update", seq: this.seq });
  }
}

describe("HubConnection backpressure", () => {
  it("skips a socket over the high-water mark, then resnapshots it once drained", () => {
    const hub = fakeHub({ highWaterBytes: 1000, lowWaterBytes: 100 });
    const topic = new CounterTopic("t", hub.context);
    const slow = hub.connect();
    const fast = hub.connect();
    for (const c of [slow, fast]) {
      topic.join(c.connection);
      c.connection.sendSnapshot();
    }
    topic.next(); // seq 1 to both
    slow.socket.bufferedAmount = 1001;
    topic.next(); // seq 2: slow skipped
    expect(slow.connection.behind).toBe(true);
    expect(hub.watched).toEqual([slow.connection]);
    slow.socket.bufferedAmount = 500; // draining, still above low water
    topic.next(); // seq 3: still skipped
    slow.socket.bufferedAmount = 100;
    topic.next(); // seq 4: a snapshot instead of the update
    topic.next(); // seq 5: updates again
    expect(parsed(slow.socket)).toEqual([
      { type: "snapshot", seq: 0 },
      { type: "update", seq: 1 },
      { type: "snapshot", seq: 4 },
      { type: "update", seq: 5 },
    ]);
    // The other subscriber got every frame, the very same strings.
    expect(parsed(fast.socket).map((f) => f.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(fast.socket.sent.slice(1)).toEqual(
      expect.arrayContaining(slow.socket.sent.filter((t) => t.includes("update"))),
    );
    expect(hub.context.counters).toMatchObject({
      framesSerialised: 1 + 5 + 1, // snapshot seq 0, five updates, snapshot seq 4
      framesSent: 2 + 6 + 2,
      framesSkipped: 2,
      resnapshots: 1,
    });
  });

  it("catches up from the drain check even when the topic is quiet", () => {
    const hub = fakeHub();
    const topic = new CounterTopic("t", hub.context);
    const { socket, connection } = hub.connect();
    topic.join(connection);
    socket.bufferedAmount = 5000;
    topic.next();
    expect(connection.catchUp()).toBe(false);
    socket.bufferedAmount = 0;
    expect(connection.catchUp()).toBe(true);
    expect(parsed(socket)).toEqual([{ type: "snapshot", seq: 1 }]);
  });

  it("rate-limits error frames: a burst of three, then one a second", () => {
    const hub = fakeHub();
    const { socket, connection } = hub.connect();
    for (let i = 0; i < 10; i += 1) connection.refuse(`bad ${i}`);
    expect(parsed(socket).map((f) => f.message)).toEqual(["bad 0", "bad 1", "bad 2"]);
    hub.advance(1000);
    connection.refuse("later");
    connection.refuse("too soon");
    expect(parsed(socket).at(-1)).toEqual({ type: "error", code: "VALIDATION", message: "later" });
    expect(hub.context.counters.errorFrames).toBe(4);
  });
});
