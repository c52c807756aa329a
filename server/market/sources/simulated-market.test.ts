import { describe, expect, it } from "vitest";
import { SYMBOLS } from "../symbols";
import { SimulatedMarket } from "./simulated-market";

const T0 = Date.UTC(2026, 0, 1);

function path(seed: string, steps: number, dt = 1): string[][] {
  const market = new SimulatedMarket(seed, SYMBOLS);
  const out: string[][] = [];
  for (let i = 0; i < steps; i += 1)
    out.push(market.step(T0 + i * 1000 * dt, dt).map((t) => t.price));
  return out;
}

function realisedVol(prices: string[]): number {
  const r = prices.slice(1).map((p, i) => Math.log(Number(p) / Number(prices[i])));
  const mean = r.reduce((a, b) => a + b, 0) / r.length;
  return Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / r.length);
}

describe("SimulatedMarket", () => {
  it("replays exactly for a seed and differs for another", () => {
    expect(path("s1", 200)).toEqual(path("s1", 200));
    expect(path("s1", 200)).not.toEqual(path("s2", 200));
  });

  it("serves prices at each symbol's scale, positive", () => {
    const rows = path("scale", 3000, 60);
    for (const row of rows) {
      row.forEach((price, i) => {
        const spec = SYMBOLS[i];
        if (!spec) throw new Error("more prices than symbols");
        expect(price).toMatch(new RegExp(`^\\d+\\.\\d{${spec.priceScale}}$`));
        expect(Number(price)).toBeGreaterThan(0);
      });
    }
  });

  it("orders realised volatility like the specs (BTC calmer than DOGE and SOL)", () => {
    const rows = path("vol", 5000, 60);
    const vol = (symbol: string) =>
      realisedVol(rows.map((r) => r[SYMBOLS.findIndex((s) => s.symbol === symbol)] ?? "0"));
    expect(vol("BTC/USDT")).toBeLessThan(vol("DOGE/USDT"));
    expect(vol("BTC/USDT")).toBeLessThan(vol("SOL/USDT"));
    // Roughly the configured annual level (55 %), within a factor of two.
    const annual = vol("BTC/USDT") * Math.sqrt((365 * 86_400) / 60);
    expect(annual).toBeGreaterThan(0.27);
    expect(annual).toBeLessThan(1.1);
  });

  it("builds a deterministic 20-level book with bids below asks", () => {
    const a = new SimulatedMarket("book", SYMBOLS);
    const b = new SimulatedMarket("book", SYMBOLS);
    a.step(T0, 1);
    b.step(T0, 1);
    const book = a.book("BTC/USDT", T0);
    expect(book).toEqual(b.book("BTC/USDT", T0));
    expect(book.bids).toHaveLength(20);
    expect(book.asks).toHaveLength(20);
    expect(Number(book.bids[0]?.[0])).toBeLessThan(Number(book.asks[0]?.[0]));
    for (let i = 1; i < 20; i += 1) {
      expect(Number(book.bids[i]?.[0])).toBeLessThan(Number(book.bids[i - 1]?.[0]));
      expect(Number(book.asks[i]?.[0])).toBeGreaterThan(Number(book.asks[i - 1]?.[0]));
    }
  });
});
