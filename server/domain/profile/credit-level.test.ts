import { describe, expect, it } from "vitest";
import { creditLevel } from "./credit-level";

describe("creditLevel", () => {
  it.each([
    [false, 0, 0],
    [false, 1000, 0],
    [true, 0, 1],
    [true, 299, 1],
    [true, 300, 2],
    [true, 599, 2],
    [true, 600, 3],
    [true, 849, 3],
    [true, 850, 4],
    [true, 1000, 4],
  ] as const)("verified=%s score=%i -> %i", (verified, score, level) => {
    expect(creditLevel(verified, score)).toBe(level);
  });
});
