import { describe, expect, it } from "vitest";
import { ReadWriteGate } from "./read-write-gate";

/** A task that records when it runs and finishes only when told to. */
function task(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    fn: async () => {
      log.push(`${name}+`);
      await done;
      log.push(`${name}-`);
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("ReadWriteGate", () => {
  it("lets readers share, and a writer wait for them and exclude the next ones", async () => {
    const gate = new ReadWriteGate();
    const log: string[] = [];
    const [r1, r2, w, r3] = ["r1", "r2", "w", "r3"].map((n) => task(log, n));
    if (!r1 || !r2 || !w || !r3) throw new Error("four tasks");
    const runs = [gate.read(r1.fn), gate.read(r2.fn), gate.write(w.fn), gate.read(r3.fn)];
    await settle();
    // Both readers inside; the writer waits, and so does the reader behind it (no starvation).
    expect(log).toEqual(["r1+", "r2+"]);
    r1.finish();
    await settle();
    expect(log).toEqual(["r1+", "r2+", "r1-"]);
    r2.finish();
    await settle();
    expect(log).toEqual(["r1+", "r2+", "r1-", "r2-", "w+"]);
    w.finish();
    await settle();
    expect(log.slice(-2)).toEqual(["w-", "r3+"]);
    r3.finish();
    await Promise.all(runs);
    expect(gate.idle).toBe(true);
  });

  it("runs writers one at a time and releases the gate when a task throws", async () => {
    const gate = new ReadWriteGate();
    let inside = 0;
    let most = 0;
    const write = (fail: boolean) =>
      gate.write(async () => {
        inside += 1;
        most = Math.max(most, inside);
        await settle();
        inside -= 1;
        if (fail) throw new Error("boom");
        return "ok";
      });
    const results = await Promise.allSettled([write(false), write(true), write(false)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(most).toBe(1);
    expect(await gate.read(async () => "after")).toBe("after");
    expect(gate.idle).toBe(true);
  });
});
