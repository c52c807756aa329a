import { TypeRegistry } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QuantOptimisationResultAnswer } from "../../../../protocol/endpoints/quant";
import { QUANT_STRATEGIES } from "../../../../protocol/endpoints/quant";
import { spotRules, TAKER_FEE } from "../../spot/spot-config";
import { resolveParams, STRATEGIES } from "../strategies/index";
import { optimisationResultView } from "./optimisation-view";
import { MAX_COMBINATIONS, paramGrid } from "./param-grid";
import { DEFAULT_SLIPPAGE } from "./prepare-backtest";
import { BacktestInputError } from "./run-backtest";
import { syntheticCandles, syntheticPath } from "./synthetic-candles";
import { overfitted, planWindows, runOptimisation, type OptimisationInput } from "./walk-forward";

TypeRegistry.Set<{ enum?: unknown[] }>(
  "Unsafe",
  (schema, value) => schema.enum === undefined || schema.enum.includes(value),
);

const found = spotRules("ETH/USDT");
if (found === undefined) throw new Error("ETH/USDT must be listed");
const RULES = found;
const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;

const input = (over: Partial<OptimisationInput>): OptimisationInput => ({
  strategy: "grid",
  rules: RULES,
  interval: "1m",
  candles: [],
  initialCapital: 10_000_000_000n,
  leverage: 1,
  feeRate: TAKER_FEE,
  slippage: DEFAULT_SLIPPAGE,
  windows: 4,
  ...over,
});

describe("planWindows", () => {
  it("property: each test window follows its fit window and never overlaps it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 0, max: 500 }),
        (offset, windows, more) => {
          const count = windows * 2 + more;
          const plans = planWindows(offset, count, windows);
          expect(plans).toHaveLength(windows - 1);
          plans.forEach((p, k) => {
            expect(p.fit.start).toBeLessThan(p.fit.end);
            expect(p.test.start).toBe(p.fit.end); // follows, no gap and no overlap
            expect(p.test.start).toBeLessThan(p.test.end);
            if (k > 0) expect(p.test.start).toBe(plans[k - 1]?.test.end);
            if (k > 0) expect(p.fit).toEqual(plans[k - 1]?.test); // roll: last test is next fit
          });
          expect(plans[0]?.fit.start).toBe(offset);
          expect(plans.at(-1)?.test.end).toBe(offset + count);
          const sizes = [plans[0]?.fit, ...plans.map((p) => p.test)].map(
            (w) => (w?.end ?? 0) - (w?.start ?? 0),
          );
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("refuses a window count outside 2 … 12 and too few candles", () => {
    expect(() => planWindows(0, 100, 1)).toThrow(BacktestInputError);
    expect(() => planWindows(0, 100, 13)).toThrow(BacktestInputError);
    expect(() => planWindows(0, 7, 4)).toThrow(BacktestInputError);
  });
});

describe("paramGrid", () => {
  it("stays within the bound, on valid sets, in a fixed order", () => {
    for (const id of QUANT_STRATEGIES) {
      const grid = paramGrid(id);
      expect(grid.length).toBeGreaterThan(1);
      expect(grid.length).toBeLessThanOrEqual(MAX_COMBINATIONS);
      for (const set of grid) expect(resolveParams(id, set)).toEqual({ ok: true, params: set });
      expect(paramGrid(id)).toEqual(grid);
    }
    // 4 trend parameters, 3 values each (min, middle, max) → 81, minus fast ≥ slow: fast 26 or
    // 50 with slow 5, for each of the 9 volatility pairs → 81 − 18 = 63.
    expect(paramGrid("trend-following").length).toBe(63);
    expect(paramGrid("grid", 4)).toEqual([
      { levels: 2, spacing: 0.001 },
      { levels: 2, spacing: 0.05 },
      { levels: 40, spacing: 0.001 },
      { levels: 40, spacing: 0.05 },
    ]);
  });
});

describe("runOptimisation", () => {
  it("property: out-of-sample windows never overlap their fits, fills stay inside their test window", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2, max: 5 }),
        fc.constantFrom(...QUANT_STRATEGIES),
        (seed, windows, strategy) => {
          const candles = syntheticCandles(
            {
              seed,
              count: 240,
              start: T0,
              intervalMs: MIN,
              startPrice: 3480,
              drift: 0,
              volatility: 0.004,
            },
            RULES,
          );
          const r = runOptimisation(
            input({ strategy, candles, windows, maxCombinations: 8, from: T0 + 20 * MIN }),
          );
          expect(r.windows).toHaveLength(windows - 1);
          r.windows.forEach((w, k) => {
            expect(w.fitFrom).toBeLessThan(w.fitTo);
            expect(w.testFrom).toBe(w.fitTo); // the test starts where its fit ended
            if (k > 0) expect(w.testFrom).toBe(r.windows[k - 1]?.testTo);
            for (const f of w.test.fills) {
              expect(f.time).toBeGreaterThanOrEqual(w.testFrom);
              expect(f.time).toBeLessThanOrEqual(w.testTo);
            }
            expect(paramGrid(strategy, 8)).toContainEqual(w.params);
          });
          const times = r.outOfSample.equity.map((p) => p.time);
          expect(times[0]).toBe(r.windows[0]?.testFrom);
          for (let i = 1; i < times.length; i++)
            expect(times[i]).toBeGreaterThan(times[i - 1] ?? 0);
          expect(r.outOfSample.finalEquity).toBe(r.windows.at(-1)?.test.finalEquity);
        },
      ),
      { numRuns: 12, seed: 20 },
    );
  });

  it("chains the test windows and reports them only; warns when fits beat tests by far", () => {
    // A calm range (the grid earns in the fits), then a crash in the last test window.
    const candles = syntheticPath(
      [
        { seed: 1, count: 300, drift: 0, volatility: 0.004 },
        { seed: 2, count: 100, drift: -0.004, volatility: 0.004 },
      ],
      { time: T0, price: 3480, intervalMs: MIN },
      RULES,
    );
    const req = input({ candles, windows: 4, maxCombinations: 16 });
    const r = runOptimisation(req);
    expect(r).toEqual(runOptimisation(req)); // deterministic
    expect(r.combinations).toBe(16);
    let capital = req.initialCapital;
    for (const w of r.windows) {
      expect(w.test.initialCapital).toBe(capital); // each test starts with what the last ended with
      capital = w.test.finalEquity;
    }
    expect(r.outOfSample.finalEquity).toBe(capital);
    expect(r.outOfSample.returnRate).toEqual({
      num: capital - req.initialCapital,
      den: req.initialCapital,
    });
    expect(r.outOfSample.trades).toBe(r.windows.reduce((s, w) => s + w.test.fills.length, 0));
    // Fits earned +2.5 %, −0.6 %, +1.6 %; tests −0.8 %, +0.7 % and −34 % in the crash.
    expect(r.overfitWarning).toBe(true);
    expect(r.overfitWarning).toBe(
      overfitted(
        r.windows.map((w) => w.fitReturn),
        r.windows.map((w) => w.test.metrics.returnRate),
      ),
    );
    expect(r.windows.at(-1)?.test.metrics.returnRate.num).toBeLessThan(0n);

    const view = optimisationResultView(r, req);
    expect(Value.Check(QuantOptimisationResultAnswer, view)).toBe(true);
    expect(view.windows).toHaveLength(3);
    expect(view.assumptions.candles).toBe(400);
  });

  it("the overfitting rule: mean fit return > 0 and mean test return under half of it", () => {
    const r = (num: bigint) => ({ num, den: 100n });
    expect(overfitted([r(10n), r(10n)], [r(4n), r(5n)])).toBe(true);
    expect(overfitted([r(10n), r(10n)], [r(5n), r(5n)])).toBe(false);
    expect(overfitted([r(-2n)], [r(-10n)])).toBe(false);
  });

  it("fits every strategy's grid with warm-up before each window", () => {
    const candles = syntheticCandles(
      {
        seed: 9,
        count: 600,
        start: T0,
        intervalMs: MIN,
        startPrice: 3480,
        drift: 0.0005,
        volatility: 0.003,
      },
      RULES,
    );
    for (const strategy of QUANT_STRATEGIES) {
      const r = runOptimisation(input({ strategy, candles, windows: 3, maxCombinations: 8 }));
      expect(r.windows).toHaveLength(2);
      expect(STRATEGIES[strategy].params.map((p) => p.name).sort()).toEqual(
        Object.keys(r.params).sort(),
      );
    }
  });
});
