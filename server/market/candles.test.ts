import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INTERVAL_MS, KLINE_INTERVALS } from "../../protocol/market";
import { aggregateCandles, foldTrades, type Candle } from "./candles";
import { formatFixed } from "../../protocol/decimal";

const scales = { priceScale: 2, qtyScale: 3 };
const T0 = Date.UTC(2026, 0, 1);

/** Sorted, distinct minutes over ~3 days, each a valid candle (l <= o,c <= h). */
const oneMinuteCandles = fc
  .uniqueArray(fc.integer({ min: 0, max: 3 * 1440 }), { minLength: 1, maxLength: 300 })
  .chain((minutes) =>
    fc.tuple(
      fc.constant([...minutes].sort((a, b) => a - b)),
      fc.array(
        fc.tuple(
          fc.bigInt({ min: 1n, max: 10_000_000n }),
          fc.bigInt({ min: 1n, max: 10_000_000n }),
          fc.bigInt({ min: 0n, max: 500n }),
          fc.bigInt({ min: 0n, max: 500n }),
          fc.bigInt({ min: 0n, max: 99_999_999n }),
        ),
        { minLength: minutes.length, maxLength: minutes.length },
      ),
    ),
  )
  .map(([minutes, values]) =>
    minutes.map((m, i): Candle => {
      const [a, b, up, down, v] = values[i] ?? [1n, 1n, 0n, 0n, 0n];
      const hi = (a > b ? a : b) + up;
      const lo = (a < b ? a : b) - down > 0n ? (a < b ? a : b) - down : 1n;
      const p = (u: bigint) => formatFixed(u, 2);
      return {
        openTime: T0 + m * 60_000,
        o: p(a),
        h: p(hi),
        l: p(lo),
        c: p(b),
        v: formatFixed(v, 3),
      };
    }),
  );

describe("aggregateCandles", () => {
  it("every aggregated candle is the fold of its 1m candles", () => {
    fc.assert(
      fc.property(oneMinuteCandles, fc.constantFrom(...KLINE_INTERVALS), (candles, interval) => {
        const ms = INTERVAL_MS[interval];
        const out = aggregateCandles(candles, interval, scales);
        const groups = new Map<number, Candle[]>();
        for (const c of candles) {
          const key = Math.floor(c.openTime / ms) * ms;
          groups.set(key, [...(groups.get(key) ?? []), c]);
        }
        expect(out.map((c) => c.openTime)).toEqual([...groups.keys()]);
        for (const agg of out) {
          const members = groups.get(agg.openTime) ?? [];
          expect(members.length).toBeGreaterThan(0);
          const num = (s: string) => BigInt(s.replace(".", ""));
          expect(agg.o).toBe(members[0]?.o);
          expect(agg.c).toBe(members[members.length - 1]?.c);
          expect(num(agg.h)).toBe(members.map((m) => num(m.h)).reduce((x, y) => (x > y ? x : y)));
          expect(num(agg.l)).toBe(members.map((m) => num(m.l)).reduce((x, y) => (x < y ? x : y)));
          expect(num(agg.v)).toBe(members.map((m) => num(m.v)).reduce((x, y) => x + y, 0n));
        }
      }),
    );
  });

  it("1m aggregation of 1m candles is the identity", () => {
    fc.assert(
      fc.property(oneMinuteCandles, (candles) => {
        expect(aggregateCandles(candles, "1m", scales)).toEqual(candles);
      }),
    );
  });
});

describe("foldTrades", () => {
  it("builds 1m candles from trades", () => {
    const trades = [
      { price: "10.00", qty: "1.000", ts: T0 + 1000 },
      { price: "12.50", qty: "0.500", ts: T0 + 2000 },
      { price: "9.00", qty: "2.000", ts: T0 + 59_999 },
      { price: "11.00", qty: "1.000", ts: T0 + 60_000 },
    ];
    expect(foldTrades(trades, 60_000, scales)).toEqual([
      { openTime: T0, o: "10.00", h: "12.50", l: "9.00", c: "9.00", v: "3.500" },
      { openTime: T0 + 60_000, o: "11.00", h: "11.00", l: "11.00", c: "11.00", v: "1.000" },
    ]);
  });
});
