import { describe, expect, it } from "vitest";
import { TypeRegistry } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { QuantBacktestResultAnswer } from "../../../../protocol/endpoints/quant";
import { spotRules, TAKER_FEE } from "../../spot/spot-config";
import { backtestCandle } from "./backtest-candle";
import type { BacktestCandle, BacktestInput } from "./backtest-types";
import { backtestResultView } from "./backtest-view";
import { BacktestInputError, runBacktest } from "./run-backtest";

// oneOf writes its list as JSON Schema's `enum` (Type.Unsafe); TypeBox checks it by this kind.
TypeRegistry.Set<{ enum?: unknown[] }>(
  "Unsafe",
  (schema, value) => schema.enum === undefined || schema.enum.includes(value),
);

const BTC = spotRules("BTC/USDT");
if (BTC === undefined) throw new Error("BTC/USDT must be listed");
const RULES = BTC;
const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;
const usdt = (whole: number): bigint => BigInt(Math.round(whole * 100)) * 10_000n;

/** Candles from [open, close] pairs in USDT; high and low span them. */
function candles(pairs: readonly (readonly [number, number])[]): BacktestCandle[] {
  return pairs.map(([o, c], i) =>
    backtestCandle({
      time: T0 + i * MIN,
      open: usdt(o),
      close: usdt(c),
      high: usdt(Math.max(o, c)),
      low: usdt(Math.min(o, c)),
      volume: 100_000_000n,
    }),
  );
}

const base = (over: Partial<BacktestInput>): BacktestInput => ({
  strategy: "grid",
  params: { levels: 2, spacing: 0.05 },
  rules: RULES,
  interval: "1m",
  candles: [],
  initialCapital: usdt(1000),
  leverage: 1,
  feeRate: TAKER_FEE,
  slippage: { num: 5n, den: 10_000n },
  ...over,
});

// The hand-computed example: a grid of 2 units 5 % apart around R = 100 (the first close).
// p = (100 − close) / 5 + 1: at 100 it holds 1 unit (target 0.5); at 99, p = 1.2: still 1; at 111,
// p = −1.2 and the unit's sell line (105) is passed: target 0; later closes (108, 104, 102) keep
// p < 1, so it buys nothing back. Six candles, two fills.
const SIX = candles([
  [100, 100], // R = 100, target 0.5
  [101, 99], //  buy at 101 open; p = 1.2: still 1 unit
  [106, 111], // sell line passed: target 0
  [112, 108], // sell at 112 open
  [108, 104],
  [104, 102],
]);

describe("runBacktest", () => {
  it("equals the hand-computed six-candle example exactly, fees and slippage included", () => {
    const r = runBacktest(base({ candles: SIX }));
    // Buy: 101 × 1.0005 = 101.0505 → up to the 0.01 step: 101.06. Target 0.5 × 1000 = 500 USDT;
    // 500 / (101.06 × 1.001) = 4.942614… → down to the 0.00001 step: 4.94261 BTC.
    // Notional 101.06 × 4.94261 = 499.5001666 → up: 499.500167; fee 0.4995001666 → up: 0.499501.
    // Cash 1000 − 499.500167 − 0.499501 = 500.000332.
    // Sell: 112 × 0.9995 = 111.944 → down: 111.94. Notional 553.2757634 → down: 553.275763;
    // fee 0.5532757634 → up: 0.553276. Cash 500.000332 + 553.275763 − 0.553276 = 1052.722819.
    expect(r.fills).toEqual([
      {
        time: T0 + MIN,
        side: "buy",
        price: 101_060_000n,
        quantity: 494_261_000n,
        notional: 499_500_167n,
        fee: 499_501n,
      },
      {
        time: T0 + 3 * MIN,
        side: "sell",
        price: 111_940_000n,
        quantity: 494_261_000n,
        notional: 553_275_763n,
        fee: 553_276n,
      },
    ]);
    // Marks: c1 500.000332 + 4.94261 × 99 = 989.318722; c2 + × 111 = 1048.630042.
    expect(r.equity.points()).toEqual([
      { time: T0, value: 1_000_000_000n },
      { time: T0 + MIN, value: 1_000_000_000n },
      { time: T0 + 2 * MIN, value: 989_318_722n },
      { time: T0 + 3 * MIN, value: 1_048_630_042n },
      { time: T0 + 4 * MIN, value: 1_052_722_819n },
      { time: T0 + 5 * MIN, value: 1_052_722_819n },
      { time: T0 + 6 * MIN, value: 1_052_722_819n },
    ]);
    expect(r.finalEquity).toBe(1_052_722_819n);
    expect(r.metrics.returnRate).toEqual({ num: 52_722_819n, den: 1_000_000_000n });
    expect(r.metrics.maxDrawdown).toEqual({ num: 10_681_278n, den: 1_000_000_000n });
    expect(r.metrics.winRate).toEqual({ num: 1n, den: 1n });
    expect(r.metrics.exposure).toEqual({ num: 2n, den: 6n });
    expect(r.metrics.trades).toBe(2);
    expect(r.candles).toBe(6);
    expect([r.from, r.to]).toEqual([T0, T0 + 6 * MIN]);

    // Six minutes are one day's return at most: Sharpe needs two (metrics.test.ts checks it).
    expect(r.metrics.sharpe).toBe(0);

    const view = backtestResultView(r, RULES);
    expect(Value.Check(QuantBacktestResultAnswer, view)).toBe(true);
    expect(view).toMatchObject({
      returnRate: "0.052722",
      maxDrawdown: "0.010682",
      winRate: "1",
      exposure: "0.333333",
      trades: 2,
      fills: [
        {
          time: new Date(T0 + MIN).toISOString(),
          side: "buy",
          price: "101.06",
          quantity: "4.94261",
          fee: "0.499501",
        },
        {
          time: new Date(T0 + 3 * MIN).toISOString(),
          side: "sell",
          price: "111.94",
          quantity: "4.94261",
          fee: "0.553276",
        },
      ],
    });
    expect(view.equity[2]).toEqual([new Date(T0 + 2 * MIN).toISOString(), "989.318722"]);
    expect(view.assumptions).toMatchObject({
      initialCapital: "1000",
      feeRate: "0.001",
      candles: 6,
      leverage: 1,
    });
    expect(view.assumptions.slippage).toContain("0.05 %");
  });

  it("is deterministic: same input, same output", () => {
    const long = candles(
      Array.from(
        { length: 300 },
        (_, i) => [100 + 5 * Math.sin(i / 7), 100 + 5 * Math.sin((i + 1) / 7)] as const,
      ),
    );
    for (const strategy of ["grid", "mean-reversion", "trend-following"] as const) {
      const input = base({ strategy, params: {}, candles: long });
      expect(runBacktest(input)).toEqual(runBacktest(input));
    }
  });

  it("sells an open position at the last close, and candles before `from` only warm up", () => {
    const r = runBacktest(base({ candles: SIX.slice(0, 3), from: T0 + MIN }));
    // From c1: the signal of c0 (warm-up) fills at c1's open; c2's signal has no next candle.
    expect(r.candles).toBe(2);
    expect(r.equity.points()[0]).toEqual({ time: T0 + MIN, value: 1_000_000_000n });
    expect(r.fills.map((f) => [f.side, f.time])).toEqual([
      ["buy", T0 + MIN],
      ["sell", T0 + 3 * MIN], // the last close (111 × 0.9995 → 110.94) at the period's end
    ]);
    expect(r.fills[1]?.price).toBe(110_940_000n);
    expect(r.equity.points().at(-1)?.value).toBe(r.finalEquity);
  });

  it("borrows up to capital × (leverage − 1), long only", () => {
    const r = runBacktest(base({ candles: SIX, leverage: 3 }));
    const buy = r.fills[0];
    // 0.5 × 3000 = 1500 USDT of buying power: 1500 / (101.06 × 1.001) = 14.827839… → 14.82783
    // BTC, paid with more than the 1000 USDT of capital (cash below 0).
    expect(buy?.quantity).toBe(1_482_783_000n);
    expect((buy?.notional ?? 0n) + (buy?.fee ?? 0n)).toBeGreaterThan(usdt(1000));
  });

  it("places no order under the minimum order value", () => {
    const r = runBacktest(base({ candles: SIX, initialCapital: usdt(9) }));
    // 0.5 × 9 = 4.5 USDT < the 5 USDT minimum: nothing trades.
    expect(r.fills).toEqual([]);
    expect(r.finalEquity).toBe(usdt(9));
  });

  it("refuses bad input with a reason and runs nothing", () => {
    const code = (input: BacktestInput) => {
      try {
        runBacktest(input);
        return "ran";
      } catch (err) {
        return err instanceof BacktestInputError ? err.code : "other";
      }
    };
    expect(code(base({ candles: [] }))).toBe("no-candles");
    expect(code(base({ candles: SIX, from: T0 + 60 * MIN }))).toBe("no-candles");
    expect(code(base({ candles: SIX, params: { levels: 1000 } }))).toBe("bad-params");
    expect(code(base({ candles: SIX, initialCapital: 0n }))).toBe("bad-capital");
    expect(code(base({ candles: SIX, leverage: 1.5 }))).toBe("bad-leverage");
    expect(code(base({ candles: SIX, slippage: { num: 1n, den: 1n } }))).toBe("bad-rates");
  });
});
