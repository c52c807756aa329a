// The strategies on synthetic series with hand-checked outcomes: a steady trend, a range, a crash.
import { describe, expect, it } from "vitest";
import type { QuantParams, QuantStrategyId } from "../../../../protocol/quant";
import { STRATEGIES, resolveParams } from "./index";
import type { StrategyCandle } from "./strategy";

const candle = (close: number, i: number): StrategyCandle => ({
  time: i * 60_000,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

/** The target after each close. */
function targets(id: QuantStrategyId, params: QuantParams, closes: readonly number[]): number[] {
  const strategy = STRATEGIES[id];
  let state = strategy.init(params);
  return closes.map((close, i) => {
    const decision = strategy.step(state, candle(close, i), params);
    state = decision.state;
    return decision.target;
  });
}

/** 100 rising 0.2 % a candle with a ±0.1 % zigzag: log returns alternate ≈0.004 and ≈0. */
const trend = Array.from({ length: 120 }, (_, i) => 100 * 1.002 ** i * (1 + 0.001 * (-1) ** i));
/** Then a crash: −5 % a candle for 8 candles, then flat. */
const crashStart = trend.length;
const crash = [
  ...trend,
  ...Array.from({ length: 8 }, (_, i) => (trend[trend.length - 1] ?? 0) * 0.95 ** (i + 1)),
];
const bottom = crash[crash.length - 1] ?? 0;
const crashThenFlat = [...crash, ...Array.from({ length: 40 }, () => bottom)];
/** A range: a sine of ±3 around 100, period 20 candles. */
const range = Array.from({ length: 200 }, (_, i) => 100 + 3 * Math.sin((2 * Math.PI * i) / 20));

const trendParams = {
  fastPeriod: 5,
  slowPeriod: 15,
  volatilityPeriod: 10,
  targetVolatility: 0.001,
};

describe("trend following", () => {
  it("is out during warm-up, then in during a steady trend, sized by realised volatility", () => {
    const t = targets("trend-following", trendParams, trend);
    // Warm-up: max(15, 10 + 1) = 15 candles.
    expect(t.slice(0, 14).every((x) => x === 0)).toBe(true);
    // Returns alternate ln(1.002·1.001/0.999) ≈ 0.004 and ln(1.002·0.999/1.001) ≈ 0: their
    // population deviation is ≈ 0.002, so the target is 0.001 / 0.002 = 0.5.
    for (const x of t.slice(20)) expect(x).toBeCloseTo(0.5, 2);
  });

  it("is all in on a calm trend: realised volatility at or under the target caps at 1", () => {
    const t = targets("trend-following", { ...trendParams, targetVolatility: 0.01 }, trend);
    for (const x of t.slice(20)) expect(x).toBe(1);
  });

  it("is out after a crash: the fast average falls under the slow one", () => {
    const t = targets("trend-following", trendParams, crashThenFlat);
    expect(t[crashStart - 1]).toBeGreaterThan(0);
    // Two −5 % candles pull the 5-EMA under the 15-EMA (hand check: after a 0.2 %/candle rise
    // the gap is ≈ 1.1 %; each −5 % candle closes a third of 5 % on the fast one).
    expect(t[crashStart + 1]).toBe(0);
    expect(t.slice(crashStart + 1).every((x) => x === 0)).toBe(true);
  });
});

describe("mean reversion", () => {
  const params = { period: 20, deviations: 1.2 };

  it("buys the dip in a range and sells at the middle band", () => {
    const t = targets("mean-reversion", params, range);
    expect(t.slice(0, 19).every((x) => x === 0)).toBe(true);
    // Over a full sine the bands are steady: middle 100, σ = 3/√2 ≈ 2.12, lower ≈ 97.45. The
    // closes under it are the trough's (sin < −0.85): it is in there and out from 100 up.
    let entries = 0;
    for (let i = 20; i < range.length; i++) {
      const close = range[i] ?? 0;
      const was = t[i - 1] ?? 0;
      const now = t[i] ?? 0;
      if (was === 0 && now === 1) {
        entries += 1;
        expect(close).toBeLessThan(97.5);
      }
      if (was === 1 && now === 0) expect(close).toBeGreaterThanOrEqual(99.9);
      if (close > 100.5) expect(now).toBe(0);
    }
    // One entry per trough: 200 candles = 10 periods, minus the warm-up one.
    expect(entries).toBe(9);
  });

  it("loses in a crash: it buys the first break and holds as the price never reverts", () => {
    const t = targets("mean-reversion", params, crashThenFlat);
    const firstIn = t.findIndex((x, i) => i >= crashStart && x === 1);
    expect(firstIn).toBe(crashStart);
    // Still in on the way down; out only once the flat bottom drags the middle band to it.
    expect(t.slice(crashStart, crashStart + 8).every((x) => x === 1)).toBe(true);
  });
});

describe("grid", () => {
  const params = { levels: 10, spacing: 0.01 };

  it("holds half at the reference, one unit more per spacing down, one fewer per spacing up", () => {
    // R = 100. p = (100 − close) / 1 + 5; buy to floor(p), sell to ceil(p).
    const t = targets("grid", params, [100, 98.9, 97.5, 99, 100, 100.5, 110, 80, 200]);
    expect(t).toEqual([0.5, 0.6, 0.7, 0.6, 0.5, 0.5, 0, 1, 0]);
  });

  it("earns on the swings of a range: buys low and sells one spacing higher", () => {
    const t = targets("grid", { levels: 10, spacing: 0.01 }, range);
    // Swinging ±3 % around 100 it moves between 2 and 8 units; at least once each way.
    expect(Math.max(...t)).toBeCloseTo(0.8, 12);
    expect(Math.min(...t)).toBeCloseTo(0.2, 12);
  });

  it("loses below the grid: all in for the rest of a crash", () => {
    const t = targets("grid", params, crashThenFlat);
    expect(t[t.length - 1]).toBe(1);
  });
});

describe("every strategy", () => {
  for (const id of Object.keys(STRATEGIES) as QuantStrategyId[]) {
    it(`${id}: same candles and params → same targets; targets stay within 0 … 1`, () => {
      const resolved = resolveParams(id);
      if (!resolved.ok) throw new Error("defaults must be valid");
      const closes = [...range, ...crashThenFlat];
      const a = targets(id, resolved.params, closes);
      const b = targets(id, resolved.params, closes);
      expect(a).toEqual(b);
      for (const x of a) expect(x >= 0 && x <= 1).toBe(true);
    });

    it(`${id}: stepping copies of the same state answers the same (deterministic)`, () => {
      // `step` owns the state it is given (strategy.ts): a caller that steps one state twice
      // keeps a copy, and states are JSON data, so a JSON copy is a faithful one.
      const strategy = STRATEGIES[id];
      const resolved = resolveParams(id);
      if (!resolved.ok) throw new Error("defaults must be valid");
      let state = strategy.init(resolved.params);
      for (let i = 0; i < 60; i++) {
        state = strategy.step(state, candle(range[i] ?? 0, i), resolved.params).state;
      }
      const copy = (): unknown => JSON.parse(JSON.stringify(state));
      const once = strategy.step(copy(), candle(90, 60), resolved.params);
      const again = strategy.step(copy(), candle(90, 60), resolved.params);
      expect(again.target).toBe(once.target);
      expect(strategy.step(once.state, candle(91, 61), resolved.params).target).toBe(
        strategy.step(again.state, candle(91, 61), resolved.params).target,
      );
    });
  }
});
