import { describe, expect, it } from "vitest";
import { CREDIT_LEVELS, creditLevelOf, creditLevelRow, nextCreditLevel } from "./credit-levels";
import { parseUnits } from "./decimal";

describe("creditLevelOf", () => {
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
    expect(creditLevelOf(verified, score)).toBe(level);
  });

  it("never lowers the level as the score rises, and quotas grow with the level", () => {
    for (const verified of [false, true]) {
      let previous = creditLevelOf(verified, 0);
      for (let score = 1; score <= 1000; score += 1) {
        const level = creditLevelOf(verified, score);
        expect(level).toBeGreaterThanOrEqual(previous);
        previous = level;
      }
    }
    const quotas = CREDIT_LEVELS.map((row) => parseUnits(row.quota, 6));
    quotas.slice(1).forEach((quota, i) => expect(quota > (quotas[i] ?? quota)).toBe(true));
  });

  it("names each level's row and the next one", () => {
    expect(creditLevelRow(2).minScore).toBe(300);
    expect(nextCreditLevel(2)?.level).toBe(3);
    expect(nextCreditLevel(4)).toBeNull();
  });
});
