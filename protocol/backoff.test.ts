import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Backoff, backoffCeiling, fullJitterDelay, RECONNECT_BACKOFF } from "./backoff";

const policy = { baseMs: 1_000, capMs: 60_000 };

describe("exponential backoff with full jitter", () => {
  it("doubles the ceiling per failure up to the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50, 5000].map((n) => backoffCeiling(n, policy))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000,
    ]);
  });

  it("waits anywhere from 0 to just under the ceiling, never more than the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, r) => {
          const delay = fullJitterDelay(attempt, policy, () => r);
          return (
            Number.isInteger(delay) &&
            delay >= 0 &&
            delay < backoffCeiling(attempt, policy) &&
            delay < policy.capMs
          );
        },
      ),
    );
    expect(fullJitterDelay(3, policy, () => 0)).toBe(0);
    expect(fullJitterDelay(3, policy, () => 0.999999)).toBe(7_999);
  });

  it("spreads clients out: many random draws cover the range", () => {
    const delays = Array.from({ length: 500 }, () => fullJitterDelay(4, policy));
    expect(Math.min(...delays)).toBeLessThan(4_000);
    expect(Math.max(...delays)).toBeGreaterThan(12_000);
    expect(Math.max(...delays)).toBeLessThan(16_000);
  });

  it("counts failures in a row and starts over after a success", () => {
    const backoff = new Backoff(RECONNECT_BACKOFF, () => 0.5);
    expect([backoff.fail(), backoff.fail(), backoff.fail()]).toEqual([500, 1_000, 2_000]);
    expect(backoff.attempts).toBe(3);
    backoff.reset();
    expect(backoff.fail()).toBe(500);
  });
});
