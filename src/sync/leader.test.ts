import { describe, expect, it } from "vitest";
import type { LockManagerLike } from "./environment";
import { joinLeaderElection, LEADER_LOCK, OUTBOX_LOCK, withLock } from "./leader";
import { FakeLocks } from "./testing/fake-environment";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function electionWith(locks: LockManagerLike | null) {
  const led: string[] = [];
  const tab = (name: string) => joinLeaderElection(locks, () => led.push(name));
  return { led, tab };
}

describe("leader election", () => {
  it("lets exactly one of two tabs lead, and hands over when the leader goes", async () => {
    const locks = new FakeLocks();
    const { led, tab } = electionWith(locks);
    const a = tab("a");
    const b = tab("b");
    await tick();
    expect(led).toEqual(["a"]);
    expect([a.leading, b.leading]).toEqual([true, false]);
    expect(locks.held(LEADER_LOCK)).toBe(true);

    a.stop();
    await tick();
    expect(led).toEqual(["a", "b"]);
    expect([a.leading, b.leading]).toEqual([false, true]);

    b.stop();
    await tick();
    expect(locks.held(LEADER_LOCK)).toBe(false);
  });

  it("leaves the queue without ever leading when stopped while waiting", async () => {
    const locks = new FakeLocks();
    const { led, tab } = electionWith(locks);
    const a = tab("a");
    const b = tab("b");
    const c = tab("c");
    await tick();
    b.stop();
    a.stop();
    await tick();
    expect(led).toEqual(["a", "c"]);
    expect(c.leading).toBe(true);
    c.stop();
  });

  it("lets every tab lead alone where Web Locks are missing", () => {
    const { led, tab } = electionWith(null);
    const a = tab("a");
    const b = tab("b");
    expect(led).toEqual(["a", "b"]);
    expect([a.leading, b.leading]).toEqual([true, true]);
  });

  it("never runs two outbox flushes at once under the lock", async () => {
    const locks = new FakeLocks();
    let inside = 0;
    let most = 0;
    const flush = () =>
      withLock(locks, OUTBOX_LOCK, async () => {
        inside++;
        most = Math.max(most, inside);
        await tick();
        inside--;
      });
    await Promise.all([flush(), flush(), flush()]);
    expect(most).toBe(1);
  });

  const realLocks =
    typeof navigator !== "undefined" && "locks" in navigator
      ? (navigator.locks as unknown as LockManagerLike)
      : null;
  // jsdom (and Node 20) have no navigator.locks; the e2e suite covers real browsers.
  it.skipIf(realLocks === null)("elects one leader with the real navigator.locks", async () => {
    const { led, tab } = electionWith(realLocks);
    const a = tab("a");
    const b = tab("b");
    await tick();
    expect(led).toEqual(["a"]);
    a.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(led).toEqual(["a", "b"]);
    b.stop();
  });
});
