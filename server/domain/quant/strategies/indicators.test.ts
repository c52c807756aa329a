import { describe, expect, it } from "vitest";
import {
  emaInit,
  emaNext,
  rollingInit,
  rollingMean,
  rollingPush,
  rollingStd,
  volInit,
  volNext,
  volValue,
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
      let w = rollingInit(period);
      xs.forEach((x, i) => {
        w = rollingPush(w, x);
        const window = xs.slice(Math.max(0, i + 1 - period), i + 1);
        const mean = window.reduce((s, v) => s + v, 0) / window.length;
        const variance = window.reduce((s, v) => s + (v - mean) ** 2, 0) / window.length;
        expect(rollingMean(w)).toBeCloseTo(mean, 6);
        expect(rollingStd(w)).toBeCloseTo(Math.sqrt(variance), 4);
      });
    }
  });

  it("is persistent: pushing onto an old window twice gives the same answer", () => {
    let w = rollingInit(3);
    for (const x of [1, 2, 3, 4, 5]) w = rollingPush(w, x);
    const a = rollingPush(w, 10);
    const b = rollingPush(w, 10);
    const c = rollingPush(w, 100);
    expect(rollingMean(a)).toBe(rollingMean(b));
    expect(rollingMean(a)).toBeCloseTo((4 + 5 + 10) / 3, 12);
    expect(rollingMean(c)).toBeCloseTo((4 + 5 + 100) / 3, 12);
    expect(rollingMean(w)).toBeCloseTo(4, 12);
  });

  it("refuses a period that is not a whole number ≥ 1", () => {
    expect(() => rollingInit(0)).toThrow(RangeError);
    expect(() => rollingInit(2.5)).toThrow(RangeError);
  });
});

describe("EMA", () => {
  it("starts at the first value and moves by α = 2 / (period + 1)", () => {
    let e = emaInit(3); // α = 0.5
    e = emaNext(e, 10);
    expect(e.value).toBe(10);
    e = emaNext(e, 20);
    expect(e.value).toBe(15);
    e = emaNext(e, 11);
    expect(e.value).toBe(13);
  });
});

describe("realised volatility", () => {
  it("is the deviation of the last `period` log returns, null until it has them", () => {
    let v = volInit(2);
    v = volNext(v, 100);
    v = volNext(v, 110);
    expect(volValue(v)).toBeNull();
    v = volNext(v, 99);
    const r1 = Math.log(110 / 100);
    const r2 = Math.log(99 / 110);
    expect(volValue(v)).toBeCloseTo(Math.abs(r1 - r2) / 2, 12);
  });

  it("is 0 on a steady geometric trend (every return the same)", () => {
    let v = volInit(10);
    for (let i = 0; i < 30; i++) v = volNext(v, 100 * 1.01 ** i);
    expect(volValue(v)).toBeCloseTo(0, 7);
  });
});
