// The weighted score's published formula (DESIGN §6) and the level table, as properties: every
// input gives a whole score in 0–1000 that is the sum of its terms, each term within its weight;
// more of any input never lowers the score; the level rises with the score and needs
// verification above 0; "what the next level needs" is exactly what lifts the level.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CREDIT_LEVELS, creditLevelOf, MAX_WEIGHTED_SCORE } from "./credit-levels";
import { formatUnits, parseUnits } from "./decimal";
import {
  nextLevelNeeds,
  SCORE_WEIGHTS,
  scoreTerms,
  weightedScoreOf,
  type ScoreInputs,
} from "./weighted-score";

/** USDT units (scale 6) up to 1,000,000 USDT, well past the cap. */
const depositUnits = fc.bigInt({ min: 0n, max: 1_000_000_000_000n });
const inputs: fc.Arbitrary<ScoreInputs> = fc.record({
  totalDeposits: depositUnits.map((units) => formatUnits(units, 6)),
  activeDays: fc.integer({ min: 0, max: 30 }),
  backtests: fc.integer({ min: 0, max: 1_000 }),
  strategiesShared: fc.integer({ min: 0, max: 100 }),
});
const scoreOf = (i: ScoreInputs) => weightedScoreOf(scoreTerms(i));

describe("the weighted score formula", () => {
  it("is a whole number in 0–1000, the sum of terms each within its weight", () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const terms = scoreTerms(i);
        const score = weightedScoreOf(terms);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(MAX_WEIGHTED_SCORE);
        expect(score).toBe(terms.totalLimit + terms.usageHabits + terms.contribution);
        for (const key of ["totalLimit", "usageHabits", "contribution"] as const) {
          expect(terms[key]).toBeGreaterThanOrEqual(0);
          expect(terms[key]).toBeLessThanOrEqual(SCORE_WEIGHTS[key]);
        }
      }),
    );
  });

  it("never falls when any one input grows", () => {
    fc.assert(
      fc.property(
        inputs,
        depositUnits,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (i, moreUnits, moreDays, moreTests, moreShared) => {
          const base = scoreOf(i);
          const deposits = formatUnits(parseUnits(i.totalDeposits, 6) + moreUnits, 6);
          expect(scoreOf({ ...i, totalDeposits: deposits })).toBeGreaterThanOrEqual(base);
          const days = Math.min(30, i.activeDays + moreDays);
          expect(scoreOf({ ...i, activeDays: days })).toBeGreaterThanOrEqual(base);
          expect(scoreOf({ ...i, backtests: i.backtests + moreTests })).toBeGreaterThanOrEqual(
            base,
          );
          expect(
            scoreOf({ ...i, strategiesShared: i.strategiesShared + moreShared }),
          ).toBeGreaterThanOrEqual(base);
        },
      ),
    );
  });

  it("reaches each weight exactly at its cap and 1000 with all three", () => {
    const full = { totalDeposits: "10000", activeDays: 30, backtests: 20, strategiesShared: 0 };
    expect(scoreTerms(full)).toEqual({ totalLimit: 400, usageHabits: 300, contribution: 300 });
    expect(scoreOf(full)).toBe(1000);
    expect(scoreOf({ ...full, totalDeposits: "9999.999999" })).toBe(999);
    expect(scoreOf({ totalDeposits: "0", activeDays: 0, backtests: 0, strategiesShared: 0 })).toBe(
      0,
    );
    // Shared strategies count with backtests toward the same 20.
    expect(scoreTerms({ ...full, backtests: 15, strategiesShared: 5 }).contribution).toBe(300);
  });

  it("refuses inputs outside the formula's domain", () => {
    const ok = { totalDeposits: "1", activeDays: 1, backtests: 1, strategiesShared: 0 };
    expect(() => scoreTerms({ ...ok, totalDeposits: "-1" })).toThrow();
    expect(() => scoreTerms({ ...ok, activeDays: -1 })).toThrow(RangeError);
    expect(() => scoreTerms({ ...ok, backtests: 1.5 })).toThrow(RangeError);
    expect(() => scoreTerms({ ...ok, strategiesShared: Number.NaN })).toThrow(RangeError);
  });
});

describe("the level table", () => {
  it("is ordered: levels 0–4 in turn, scores and quotas rising, verification above 0", () => {
    expect(CREDIT_LEVELS.map((row) => row.level)).toEqual([0, 1, 2, 3, 4]);
    CREDIT_LEVELS.forEach((row, i) => {
      expect(row.verified).toBe(row.level > 0);
      const before = CREDIT_LEVELS[i - 1];
      if (before === undefined) return;
      expect(row.minScore).toBeGreaterThanOrEqual(before.minScore);
      expect(Number(row.quota)).toBeGreaterThan(Number(before.quota));
    });
  });

  it("gives the highest level whose needs are met, monotone in score and verification", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (verified, score, more) => {
          const level = creditLevelOf(verified, score);
          const row = CREDIT_LEVELS[level];
          expect(row?.level).toBe(level);
          expect(score).toBeGreaterThanOrEqual(row?.minScore ?? Infinity);
          if (!verified) expect(level).toBe(0);
          const higher = CREDIT_LEVELS[level + 1];
          if (higher !== undefined && verified) expect(score).toBeLessThan(higher.minScore);
          expect(creditLevelOf(verified, Math.min(1000, score + more))).toBeGreaterThanOrEqual(
            level,
          );
          expect(creditLevelOf(true, score)).toBeGreaterThanOrEqual(level);
        },
      ),
    );
  });

  it("names what the next level needs, and meeting it lifts the level by one", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 0, max: 1000 }), (verified, score) => {
        const level = creditLevelOf(verified, score);
        const needs = nextLevelNeeds(verified, score);
        if (level === 4) {
          expect(needs).toBeNull();
          return;
        }
        expect(needs?.row.level).toBe(level + 1);
        const lifted = creditLevelOf(
          verified || (needs?.needsVerification ?? false),
          score + (needs?.pointsNeeded ?? 0),
        );
        expect(lifted).toBeGreaterThanOrEqual(level + 1);
        if ((needs?.pointsNeeded ?? 0) > 0) {
          expect(creditLevelOf(true, score + (needs?.pointsNeeded ?? 0) - 1)).toBeLessThan(
            level + 1,
          );
        }
      }),
    );
  });
});
