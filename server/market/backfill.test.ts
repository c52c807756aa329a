import { describe, expect, it } from "vitest";
import { generateBackfill } from "./backfill";
import { foldTrades } from "./candles";
import { SimulatedMarket } from "./sources/simulated-market";
import { findSymbol, SYMBOLS } from "./symbols";

const END = Date.UTC(2026, 0, 2);

describe("generateBackfill", () => {
  it("is the live process: the same candles as stepping every symbol with step()", () => {
    const spec = findSymbol("ETH/USDT");
    if (!spec) throw new Error("ETH/USDT is listed");
    const history = generateBackfill(new SimulatedMarket("bf", SYMBOLS), spec, END, 1);
    expect(history).toHaveLength(1440);
    expect(history[0]?.openTime).toBe(END - 86_400_000);
    expect(history[1439]?.openTime).toBe(END - 60_000);

    // The same seed stepped the live way: all symbols together, strings from step().
    const live = new SimulatedMarket("bf", SYMBOLS);
    const trades = [];
    for (let minute = END - 86_400_000; minute < END - 86_400_000 + 30 * 60_000; minute += 60_000) {
      for (let k = 0; k < 6; k += 1) {
        const tick = live.step(minute + k * 10_000, 10).find((t) => t.symbol === spec.symbol);
        if (tick) trades.push({ price: tick.price, qty: tick.qty, ts: tick.ts });
      }
    }
    const candles = foldTrades(trades, 60_000, spec).map((c) => ({ symbol: spec.symbol, ...c }));
    expect(history.slice(0, 30)).toEqual(candles);
  });

  it("replays for a seed and starts each symbol at its listed price", () => {
    const spec = findSymbol("BTC/USDT");
    if (!spec) throw new Error("BTC/USDT is listed");
    const a = generateBackfill(new SimulatedMarket("r", SYMBOLS), spec, END, 1);
    const b = generateBackfill(new SimulatedMarket("r", SYMBOLS), spec, END, 1);
    expect(a).toEqual(b);
    expect(Math.abs(Number(a[0]?.o) / Number(spec.startPrice) - 1)).toBeLessThan(0.01);
  });
});
