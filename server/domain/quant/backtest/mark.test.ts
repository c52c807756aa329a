// Marking with numbers (mark.ts) is exact: it equals the bigint mark to the unit whenever it
// answers, and answers NaN (the bigint path) rather than a rounded figure; the curve keeps points
// beyond 2^53 units as exact bigints; the drawdown read from the numbers equals the bigint one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SYMBOLS } from "../../../market/symbols";
import { spotRules, TAKER_FEE } from "../../spot/spot-config";
import { backtestCandle } from "./backtest-candle";
import { EquityCurve } from "./equity-curve";
import { equityAt, openAccount } from "./execute";
import { markAt, openMarker } from "./mark";
import { curveDrawdown, maxDrawdown } from "./metrics";

const ALL = SYMBOLS.map((s) => {
  const rules = spotRules(s.symbol);
  if (rules === undefined) throw new Error(`${s.symbol} is listed`);
  return rules;
});

describe("mark", () => {
  it("property: a number mark equals the bigint mark, or is NaN", () => {
    let exact = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL),
        // Mostly realistic figures, some beyond what numbers hold exactly.
        fc.oneof(
          { arbitrary: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), weight: 4 },
          { arbitrary: fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), weight: 1 },
        ),
        fc.oneof(
          { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 7n }), weight: 4 },
          { arbitrary: fc.bigInt({ min: 0n, max: 10n ** 15n }), weight: 1 },
        ),
        fc.oneof(
          { arbitrary: fc.bigInt({ min: 1n, max: 10n ** 11n }), weight: 4 },
          { arbitrary: fc.bigInt({ min: 1n, max: 10n ** 17n }), weight: 1 },
        ),
        (rules, cash, heldSteps, close) => {
          const a = openAccount(rules, 1n, 1, TAKER_FEE, { num: 0n, den: 1n });
          a.cash = cash;
          a.held = heldSteps * rules.qtyStep;
          const m = openMarker(a);
          const closeUnits = backtestCandle({
            time: 0,
            open: close,
            high: close,
            low: close,
            close,
            volume: 0n,
          }).closeUnits;
          const mark = markAt(m, closeUnits);
          if (Number.isNaN(mark)) return;
          exact += 1;
          expect(Number.isSafeInteger(mark)).toBe(true);
          expect(BigInt(mark)).toBe(equityAt(a, close));
        },
      ),
      { numRuns: 5_000 },
    );
    expect(exact, "the property never reached the number path").toBeGreaterThan(500);
  });
});

describe("equity curve", () => {
  const candles = Array.from({ length: 4 }, (_, i) =>
    backtestCandle({ time: i * 60_000, open: 1n, high: 1n, low: 1n, close: 1n, volume: 0n }),
  );

  it("keeps a value beyond 2^53 units exact, and forgets it when the point is set again", () => {
    const curve = new EquityCurve(candles, 0, 60_000);
    const huge = 2n ** 60n + 1n;
    curve.set(0, 10n);
    curve.set(1, huge);
    curve.set(2, 7n);
    expect(curve.value(1)).toBe(huge);
    expect(curve.allExact).toBe(false);
    expect(curve.points().map((p) => p.time)).toEqual([0, 60_000, 120_000, 180_000, 240_000]);
    curve.set(1, 9n);
    expect(curve.allExact).toBe(true);
    expect(curve.value(1)).toBe(9n);
  });

  it("property: the drawdown read from the numbers equals the bigint definition", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.bigInt({ min: -1_000n, max: 10_000_000n }),
            fc.bigInt({ min: 2n ** 52n, max: 2n ** 54n }),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        (values) => {
          const many = Array.from({ length: values.length }, (_, i) =>
            backtestCandle({ time: i, open: 1n, high: 1n, low: 1n, close: 1n, volume: 0n }),
          );
          const curve = new EquityCurve(many, 0, 1);
          curve.set(0, values[0] ?? 0n);
          values.forEach((v, i) => curve.set(i + 1, v));
          expect(curveDrawdown(curve)).toEqual(maxDrawdown(curve.points()));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
