import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatTickTime,
  INTERVAL_MS,
  KLINE_INTERVALS,
  type KlineRow,
} from "../../../protocol/market";
import { aggregateCandles, foldTrades, type Candle, type Trade } from "../candles";
import { formatFixed, parseUnits } from "../../../protocol/decimal";
import { CandleWindow } from "./candle-window";

const SCALES = { priceScale: 2, qtyScale: 3 };
const T0 = Date.UTC(2026, 3, 1, 23, 0, 0);
const rows = (candles: Candle[]): KlineRow[] =>
  candles.map((c) => [formatTickTime(c.openTime), c.o, c.h, c.l, c.c, c.v]);

/** Trades a few seconds to a few minutes apart, in time order, as the feed records them. */
const trades = fc
  .array(
    fc.record({
      gapMs: fc.integer({ min: 1, max: 240_000 }),
      price: fc.integer({ min: 1, max: 100_000 }),
      qty: fc.integer({ min: 1, max: 5_000 }),
    }),
    { minLength: 1, maxLength: 120 },
  )
  .map((steps) => {
    let ts = T0;
    return steps.map((s): Trade => {
      ts += s.gapMs;
      return { ts, price: formatFixed(BigInt(s.price), 2), qty: formatFixed(BigInt(s.qty), 3) };
    });
  });

describe("CandleWindow", () => {
  it("property: loaded from the record, then folded flush by flush, it equals the record", () => {
    fc.assert(
      fc.property(
        trades,
        fc.constantFrom(...KLINE_INTERVALS),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 30 }),
        (all, interval, capacity, batchSizes) => {
          // Some flushes happened before the topic loaded; the rest arrive as events.
          const [loadedCount = 0, ...sizes] = batchSizes;
          const loaded = all.slice(0, loadedCount);
          const record = (upTo: Trade[]) =>
            rows(aggregateCandles(foldTrades(upTo, 60_000, SCALES), interval, SCALES));
          const window = CandleWindow.fromRows(
            record(loaded),
            SCALES,
            INTERVAL_MS[interval],
            capacity,
          );
          let done = loaded.length;
          for (const size of [...sizes, all.length]) {
            if (done >= all.length) break;
            const batch = all.slice(done, done + size);
            done += batch.length;
            // What a flush announces: the batch's own 1m partials.
            const changed = window.fold(foldTrades(batch, 60_000, SCALES));
            const now = record(all.slice(0, done));
            expect(window.last(capacity)).toEqual(now.slice(-capacity));
            // Every changed candle is reported once, oldest first, as the record now has it.
            const byTime = new Map(now.map((r) => [r[0], r]));
            expect(changed.map((r) => byTime.get(r[0]))).toEqual(changed);
            expect(changed.map((r) => r[0])).toEqual([...changed.map((r) => r[0])].sort());
          }
        },
      ),
    );
  });

  it("reports the closing candle and the new one when a batch crosses a boundary", () => {
    const window = CandleWindow.fromRows(
      [[formatTickTime(T0), "10.00", "12.00", "9.00", "11.00", "1.000"]],
      SCALES,
      INTERVAL_MS["5m"],
      10,
    );
    const changed = window.fold([
      { openTime: T0 + 240_000, o: "11.00", h: "13.50", l: "11.00", c: "13.00", v: "0.500" },
      { openTime: T0 + 300_000, o: "13.00", h: "13.00", l: "8.00", c: "8.50", v: "2.000" },
    ]);
    expect(changed).toEqual([
      [formatTickTime(T0), "10.00", "13.50", "9.00", "13.00", "1.500"],
      [formatTickTime(T0 + 300_000), "13.00", "13.00", "8.00", "8.50", "2.000"],
    ]);
    // A partial older than a full window changes nothing.
    const full = CandleWindow.fromRows(window.last(2), SCALES, INTERVAL_MS["5m"], 2);
    expect(
      full.fold([
        { openTime: T0 - 300_000, o: "1.00", h: "1.00", l: "1.00", c: "1.00", v: "1.000" },
      ]),
    ).toEqual([]);
    expect(full.size).toBe(2);
  });
});

describe("CandleWindow.summarySince", () => {
  /** What readStatsSince computes, straight from the rows the window serves. */
  function summaryOf(served: readonly KlineRow[], sinceMs: number) {
    const since = served.filter((r) => Date.parse(r[0]) >= sinceMs);
    const first = since[0];
    if (!first) return undefined;
    const price = (value: string) => parseUnits(value, SCALES.priceScale);
    let high = price(first[2]);
    let low = price(first[3]);
    let volume = 0n;
    for (const r of since) {
      if (price(r[2]) > high) high = price(r[2]);
      if (price(r[3]) < low) low = price(r[3]);
      volume += parseUnits(r[5], SCALES.qtyScale);
    }
    const p = (units: bigint) => formatFixed(units, SCALES.priceScale);
    return { open: first[1], high: p(high), low: p(low), volume: formatFixed(volume, 3) };
  }

  it("property: with its blocks kept between flushes, it equals the served candles' summary", () => {
    fc.assert(
      fc.property(
        trades,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: -2, max: 200 }), { minLength: 1, maxLength: 6 }),
        (all, capacity, blockCandles, batchSizes, sinceMinutes) => {
          const window = new CandleWindow(SCALES, 60_000, capacity, blockCandles);
          let done = 0;
          for (const size of batchSizes) {
            if (done >= all.length) break;
            const batch = all.slice(done, done + size);
            done += batch.length;
            window.fold(foldTrades(batch, 60_000, SCALES));
            const served = window.last(capacity);
            // Every cut: each candle's own time, and minutes around and between them.
            const cuts = [
              ...served.map((r) => Date.parse(r[0])),
              ...sinceMinutes.map((m) => T0 + m * 60_000),
            ];
            for (const since of cuts) {
              expect(window.summarySince(since)).toEqual(summaryOf(served, since));
            }
          }
        },
      ),
    );
  });
});
