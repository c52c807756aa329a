import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareRates, maxDrawdown, rateText, sharpe, statisticText } from "./metrics";

const curve = (values: readonly bigint[]) => values.map((value, i) => ({ time: i, value }));

/** The definition, point by point: max over i of (max of values up to i − value i) / that max. */
function naiveDrawdown(values: readonly bigint[]) {
  let worst = { num: 0n, den: 1n };
  let peak = values[0] ?? 0n;
  for (const v of values) {
    if (v > peak) peak = v;
    const dd = { num: peak - v, den: peak };
    if (peak > 0n && compareRates(dd, worst) > 0) worst = dd;
  }
  return worst;
}

describe("maxDrawdown", () => {
  it("property: equals the point-by-point definition", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10_000_000n }), { minLength: 1, maxLength: 60 }),
        (values) => {
          expect(compareRates(maxDrawdown(curve(values)), naiveDrawdown(values))).toBe(0);
        },
      ),
    );
  });

  it("is the fall from the highest peak before the lowest point after it", () => {
    expect(maxDrawdown(curve([100n, 120n, 90n, 130n, 110n, 125n]))).toEqual({
      num: 30n,
      den: 120n,
    });
    expect(maxDrawdown(curve([100n, 110n, 120n]))).toEqual({ num: 0n, den: 1n });
  });
});

describe("sharpe", () => {
  it("is mean / sample deviation of per-candle returns × √(candles a year)", () => {
    const values = [1000n, 1010n, 1010n, 1000n, 1030n];
    const r = [0.01, 0, 1000 / 1010 - 1, 0.03];
    const mean = r.reduce((s, x) => s + x, 0) / 4;
    const sd = Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / 3);
    expect(sharpe(curve(values), "1h")).toBeCloseTo((mean / sd) * Math.sqrt(8760), 10);
    expect(sharpe(curve([1000n, 1000n, 1000n]), "1m")).toBe(0);
    expect(sharpe(curve([1000n]), "1m")).toBe(0);
  });
});

describe("wire texts", () => {
  it("rounds rates as told at 6 places and writes statistics with 4", () => {
    expect(rateText({ num: -1n, den: 3n }, "floor")).toBe("-0.333334");
    expect(rateText({ num: 1n, den: 3n }, "ceil")).toBe("0.333334");
    expect(rateText({ num: 0n, den: 0n }, "floor")).toBe("0");
    expect(statisticText(-0.00001)).toBe("0.0000");
    expect(statisticText(Number.NaN)).toBe("0");
    expect(statisticText(1.23456)).toBe("1.2346");
  });
});
