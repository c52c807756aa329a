import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BacktestCandle } from "./backtest-types";
import { EquityCurve } from "./equity-curve";
import { compareRates, curveSharpe, maxDrawdown, rateText, sharpe, statisticText } from "./metrics";

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

const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);

/** The documented formula over the given period-end samples. */
function byHand(samples: readonly number[], periodsPerYear: number) {
  const r = samples.slice(1).map((v, i) => v / (samples[i] ?? 1) - 1);
  const mean = r.reduce((sum, x) => sum + x, 0) / r.length;
  const sd = Math.sqrt(r.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (r.length - 1));
  return (mean / sd) * Math.sqrt(periodsPerYear);
}

describe("sharpe", () => {
  it("on daily candles: every close is a sample, annualised by √365", () => {
    const values = [1000n, 1010n, 1010n, 1000n, 1030n];
    const points = values.map((value, k) => ({ time: T0 + k * DAY, value }));
    expect(sharpe(points, "1d")).toBeCloseTo(byHand([1000, 1010, 1010, 1000, 1030], 365), 10);
  });

  it("on hourly candles: sampled at each UTC day's last close (a midnight close ends its day)", () => {
    // Point 0 at T0 (midnight); point k closes hour k. Three days of hours, a value per hour.
    const values = Array.from({ length: 3 * 24 + 1 }, (_, k) => BigInt(1000 + ((k * 7) % 13)));
    const points = values.map((value, k) => ({ time: T0 + k * HOUR, value }));
    const at = (k: number) => Number(values[k]);
    // Day 1 ends with point 24 (its close is 00:00 of day 2), day 2 with 48, day 3 with 72.
    const expected = byHand([at(0), at(24), at(48), at(72)], 365);
    expect(sharpe(points, "1h")).toBeCloseTo(expected, 10);
  });

  it("is 0 under two periods' returns, or when they do not vary", () => {
    const hours = (values: bigint[]) => values.map((value, k) => ({ time: T0 + k * HOUR, value }));
    // Six hours inside one day: one return only.
    expect(sharpe(hours([1000n, 1010n, 990n, 1020n, 1000n, 1050n]), "1h")).toBe(0);
    const flat = Array.from({ length: 49 }, () => 1000n);
    expect(sharpe(hours(flat), "1h")).toBe(0);
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

describe("curveSharpe (the backtester's one-pass sampling)", () => {
  it("property: equals sharpe over the same curve's points, with or without gaps", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom("1m" as const, "1h" as const, "1d" as const),
        fc.integer({ min: 0, max: 3 }),
        // Steps between candles in intervals: mostly 1, sometimes a gap of up to three days of
        // 1m candles (missing candles: periodCloses guesses from the grid and must walk back).
        fc.array(fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 3 * 1440 })), {
          maxLength: 300,
        }),
        (values, startMinute, interval, start, gaps) => {
          const step = { "1m": 60_000, "1h": HOUR, "1d": DAY }[interval];
          let time = T0 + startMinute * 60_000 - start * step;
          // `start` candles before the period (warm-up), then one per value after point 0.
          const candles = Array.from({ length: start + values.length }, (_, i) => {
            const candle = { time } as BacktestCandle;
            time += step * (gaps[i] ?? 1);
            return candle;
          });
          const equity = new EquityCurve(candles, start, step);
          equity.set(0, 1_000_000n);
          values.forEach((v, k) => equity.set(k + 1, BigInt(v)));
          expect(curveSharpe(equity, interval)).toBe(sharpe(equity.points(), interval));
        },
      ),
      { numRuns: 300 },
    );
  });
});
