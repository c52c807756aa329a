// The equity curve as the wire carries it (thinCurve): at most the points asked for, in time
// order, first and last kept, and never smoother than the run: its lowest and highest values are
// the curve's, so no drawdown is thinned away.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EquityPoint } from "./backtest-types";
import { thinCurve } from "./backtest-view";

const curveOf = (values: readonly bigint[]): EquityPoint[] =>
  values.map((value, k) => ({ time: k * 60_000, value }));

const extremes = (points: readonly EquityPoint[]) => {
  const values = points.map((p) => p.value);
  return {
    low: values.reduce((a, b) => (b < a ? b : a)),
    high: values.reduce((a, b) => (b > a ? b : a)),
  };
};

describe("thinCurve", () => {
  it("keeps a one-candle dip that every n-th point would skip", () => {
    const values = Array.from({ length: 43_201 }, () => 10_000_000_000n);
    values[21_599] = 6_500_000_000n; // a 35 % fall for one minute, between two kept strides
    values[30_001] = 12_000_000_000n;
    const thinned = thinCurve(curveOf(values), 1_000);
    expect(thinned.length).toBeLessThanOrEqual(1_000);
    expect(thinned.map((p) => p.value)).toContain(6_500_000_000n);
    expect(thinned.map((p) => p.value)).toContain(12_000_000_000n);
    expect(thinned.find((p) => p.value === 6_500_000_000n)?.time).toBe(21_599 * 60_000);
  });

  it("keeps at most maxPoints, in order, first and last, and the curve's extremes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -1_000_000n, max: 1_000_000n }), {
          minLength: 1,
          maxLength: 400,
        }),
        fc.integer({ min: 2, max: 60 }),
        (values, maxPoints) => {
          const curve = curveOf(values);
          const thinned = thinCurve(curve, maxPoints);
          expect(thinned.length).toBeLessThanOrEqual(Math.max(2, maxPoints));
          if (values.length <= maxPoints) {
            expect(thinned).toEqual(curve);
            return;
          }
          expect(thinned[0]).toEqual(curve[0]);
          expect(thinned.at(-1)).toEqual(curve.at(-1));
          for (let i = 1; i < thinned.length; i++) {
            const before = thinned[i - 1];
            const point = thinned[i];
            if (before === undefined || point === undefined) throw new Error("missing point");
            expect(point.time).toBeGreaterThan(before.time);
            expect(point.value).toBe(values[point.time / 60_000]);
          }
          if (maxPoints >= 4) expect(extremes(thinned)).toEqual(extremes(curve));
        },
      ),
    );
  });
});
