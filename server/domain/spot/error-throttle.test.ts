import { describe, expect, it } from "vitest";
import { createErrorThrottle } from "./error-throttle";

describe("createErrorThrottle", () => {
  it("logs a key's first error, holds the rest for the interval, then logs with the count", () => {
    let clock = 0;
    const logged: [string, number][] = [];
    const throttle = createErrorThrottle(
      (err, held) => logged.push([String(err), held]),
      1_000,
      () => clock,
    );
    throttle.report("order 1", "a");
    throttle.report("order 1", "b");
    clock = 999;
    throttle.report("order 1", "c");
    throttle.report("order 2", "x");
    expect(logged).toEqual([
      ["a", 0],
      ["x", 0],
    ]);
    clock = 1_000;
    throttle.report("order 1", "d");
    expect(logged.at(-1)).toEqual(["d", 2]);
  });

  it("logs at once again after a key is cleared", () => {
    const logged: string[] = [];
    const throttle = createErrorThrottle(
      (err) => logged.push(String(err)),
      60_000,
      () => 5,
    );
    throttle.report("k", "first");
    throttle.report("k", "held");
    throttle.clear("k");
    throttle.report("k", "after clear");
    expect(logged).toEqual(["first", "after clear"]);
  });
});
