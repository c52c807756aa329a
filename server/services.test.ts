// The service runner: start in order, stop in reverse, a failed start stops what started, and a
// failed stop is logged while the rest still stop.
import { describe, expect, it } from "vitest";
import { ServiceStartError, startServices, type Service } from "./services";

function recorder() {
  const events: string[] = [];
  const logged: string[] = [];
  const log = () => ({ error: (_: { err: unknown }, message: string) => logged.push(message) });
  const service = (name: string, fail: { start?: boolean; stop?: boolean } = {}): Service => ({
    name,
    start: async () => {
      events.push(`start ${name}`);
      if (fail.start) throw new Error(`${name} broke`);
    },
    stop: async () => {
      events.push(`stop ${name}`);
      if (fail.stop) throw new Error(`${name} stuck`);
    },
  });
  return { events, logged, log, service };
}

describe("startServices", () => {
  it("starts in order and stops in reverse order, once", async () => {
    const r = recorder();
    const running = await startServices([r.service("a"), r.service("b"), r.service("c")], r.log);
    await Promise.all([running.stop(), running.stop()]);
    expect(r.events).toEqual(["start a", "start b", "start c", "stop c", "stop b", "stop a"]);
    expect(r.logged).toEqual([]);
  });

  it("skips services without a stop", async () => {
    const r = recorder();
    const running = await startServices(
      [r.service("a"), { name: "b", start: async () => undefined }],
      r.log,
    );
    await running.stop();
    expect(r.events).toEqual(["start a", "stop a"]);
  });

  it("on a failed start, stops what started in reverse and rethrows naming the service", async () => {
    const r = recorder();
    const start = startServices(
      [r.service("a"), r.service("b"), r.service("c", { start: true }), r.service("d")],
      r.log,
    );
    const err = await start.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceStartError);
    expect(err).toMatchObject({ service: "c", message: "c: c broke" });
    expect((err as ServiceStartError).cause).toEqual(new Error("c broke"));
    // c did not start, so it is not stopped; d never starts.
    expect(r.events).toEqual(["start a", "start b", "start c", "stop b", "stop a"]);
  });

  it("logs a failed stop, still stops the rest, then rejects", async () => {
    const r = recorder();
    const running = await startServices(
      [r.service("a"), r.service("b", { stop: true }), r.service("c")],
      r.log,
    );
    await expect(running.stop()).rejects.toThrow("did not stop cleanly: b");
    expect(r.events.slice(3)).toEqual(["stop c", "stop b", "stop a"]);
    expect(r.logged).toEqual(["b did not stop cleanly"]);
  });

  it("a failed stop during a failed start is logged; the start's error is what is thrown", async () => {
    const r = recorder();
    const err = await startServices(
      [r.service("a"), r.service("b", { stop: true }), r.service("c", { start: true })],
      r.log,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ service: "c" });
    expect(r.events.slice(3)).toEqual(["stop b", "stop a"]);
    expect(r.logged).toEqual(["b did not stop cleanly"]);
  });
});
