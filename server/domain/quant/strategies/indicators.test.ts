import { describe, expect, it } from "vitest";
import {
  emaAlpha,
  emaNext,
  logReturn,
  rollingInit,
  rollingMean,
  rollingPush,
  rollingStd,
  type Rolling,
} from "./indicators";

/** A seeded series (mulberry32), so the comparison is the same every run. */
function series(seed: number, n: number): number[] {
  let a = seed;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out.push(60_000 + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 10_000);
  }
  return out;
}

describe("rolling window", () => {
  it("matches a naive mean and population deviation of the last `period` values", () => {
    const xs = series(7, 1_000);
    for (const period of [1, 2, 5, 20]) {
      const w = rollingInit(period);
      xs.forEach((x, i) => {
        rollingPush(w, x);
        const window = xs.slice(Math.max(0, i + 1 - period), i + 1);
        const mean = window.reduce((s, v) => s + v, 0) / window.length;
        const variance = window.reduce((s, v) => s + (v - mean) ** 2, 0) / window.length;
        expect(rollingMean(w)).toBeCloseTo(mean, 6);
        expect(rollingStd(w)).toBeCloseTo(Math.sqrt(variance), 4);
      });
    }
  });

  it("updates in place, and a JSON copy of a window goes on exactly as the window itself", () => {
    const w = rollingInit(3);
    for (const x of [1, 2, 3, 4, 5]) rollingPush(w, x);
    const copy = JSON.parse(JSON.stringify(w)) as Rolling;
    expect(rollingMean(w)).toBeCloseTo(4, 12);
    rollingPush(w, 10);
    rollingPush(copy, 10);
    expect(rollingMean(w)).toBe(rollingMean(copy));
    expect(rollingStd(w)).toBe(rollingStd(copy));
    expect(rollingMean(w)).toBeCloseTo((4 + 5 + 10) / 3, 12);
    rollingPush(w, 100);
    expect(rollingMean(w)).toBeCloseTo((5 + 10 + 100) / 3, 12);
  });

  it("refuses a period that is not a whole number ≥ 1", () => {
    expect(() => rollingInit(0)).toThrow(RangeError);
    expect(() => rollingInit(2.5)).toThrow(RangeError);
  });
});

describe("EMA", () => {
  it("starts at the first value and moves by α = 2 / (period + 1)", () => {
    const alpha = emaAlpha(3); // 0.5
    let e = emaNext(null, alpha, 10);
    expect(e).toBe(10);
    e = emaNext(e, alpha, 20);
    expect(e).toBe(15);
    e = emaNext(e, alpha, 11);
    expect(e).toBe(13);
    expect(() => emaAlpha(0)).toThrow(RangeError);
  });
});

describe("realised volatility (deviation of a rolling window of log returns)", () => {
  const realised = (closes: readonly number[], period: number): number => {
    const w: Rolling = rollingInit(period);
    closes.slice(1).forEach((c, i) => rollingPush(w, logReturn(closes[i] ?? 0, c)));
    return rollingStd(w);
  };

  it("is the population deviation of the last `period` log returns", () => {
    const r1 = Math.log(110 / 100);
    const r2 = Math.log(99 / 110);
    expect(realised([100, 110, 99], 2)).toBeCloseTo(Math.abs(r1 - r2) / 2, 12);
  });

  it("is 0 on a steady geometric trend (every return the same)", () => {
    expect(
      realised(
        Array.from({ length: 30 }, (_, i) => 100 * 1.01 ** i),
        10,
      ),
    ).toBeCloseTo(0, 7);
  });

  it("reads no return from a price that is not positive", () => {
    expect(logReturn(0, 100)).toBe(0);
    expect(logReturn(100, 0)).toBe(0);
  });
});
