import { describe, expect, it } from "vitest";
import { spotRealised, type SpotFillForIncome } from "./spot-realised";

const at = new Date("2026-03-01T10:00:00Z");
const buy = (base: string, number: bigint, notional: bigint, fee: bigint): SpotFillForIncome => ({
  base,
  side: 0,
  number,
  notional,
  fee,
  at,
});
const sell = (base: string, number: bigint, notional: bigint, fee: bigint): SpotFillForIncome => ({
  ...buy(base, number, notional, fee),
  side: 1,
});

describe("spotRealised (average cost, fees included)", () => {
  it("a buy realises nothing", () => {
    expect(spotRealised([buy("BTC", 100n, 1000n, 1n)])).toEqual([]);
  });

  it("a round trip realises proceeds − fee − (cost + buy fee)", () => {
    // Bought 1 coin for 1000 + 1 fee, sold it for 1100 − 2 fee: 1098 − 1001 = 97.
    const result = spotRealised([buy("BTC", 100n, 1000n, 1n), sell("BTC", 100n, 1100n, 2n)]);
    expect(result.map((r) => r.amount)).toEqual([97n]);
  });

  it("a loss is negative", () => {
    const result = spotRealised([buy("ETH", 10n, 500n, 0n), sell("ETH", 10n, 400n, 1n)]);
    expect(result.map((r) => r.amount)).toEqual([-101n]);
  });

  it("uses the average cost of two buys, and the rest keeps the remainder", () => {
    // 2 coins for 100 and 2 coins for 300: average 100 a coin (cost 400 for 4).
    const fills = [
      buy("BTC", 2n, 100n, 0n),
      buy("BTC", 2n, 300n, 0n),
      sell("BTC", 1n, 150n, 0n), // 150 − 100 = 50
      sell("BTC", 3n, 240n, 0n), // 240 − 300 = −60
    ];
    expect(spotRealised(fills).map((r) => r.amount)).toEqual([50n, -60n]);
  });

  it("rounds the cost share toward zero and carries the remainder to the coins still held", () => {
    // 3 coins cost 100: selling 1 takes 33, the other 2 keep 67.
    const fills = [
      buy("SOL", 3n, 100n, 0n),
      sell("SOL", 1n, 40n, 0n), // 40 − 33 = 7
      sell("SOL", 2n, 80n, 0n), // 80 − 67 = 13
    ];
    const result = spotRealised(fills).map((r) => r.amount);
    expect(result).toEqual([7n, 13n]);
    // Nothing is lost to rounding: the sum equals all proceeds − all cost.
    expect(result.reduce((a, b) => a + b, 0n)).toBe(120n - 100n);
  });

  it("keeps holdings per coin", () => {
    const fills = [
      buy("BTC", 1n, 1000n, 0n),
      buy("ETH", 1n, 10n, 0n),
      sell("ETH", 1n, 15n, 0n),
      sell("BTC", 1n, 900n, 0n),
    ];
    expect(spotRealised(fills).map((r) => r.amount)).toEqual([5n, -100n]);
  });

  it("counts only the covered share of a sale of coins without a recorded buy", () => {
    // Holds 1 coin at cost 100 but sells 2 for 300: only half the proceeds (150) counts.
    const result = spotRealised([buy("BTC", 1n, 100n, 0n), sell("BTC", 2n, 300n, 0n)]);
    expect(result.map((r) => r.amount)).toEqual([50n]);
    expect(spotRealised([sell("BTC", 2n, 300n, 0n)]).map((r) => r.amount)).toEqual([0n]);
  });

  it("dates each realised amount at its sell fill", () => {
    const later = new Date("2026-03-02T10:00:00Z");
    const result = spotRealised([
      buy("BTC", 1n, 10n, 0n),
      { ...sell("BTC", 1n, 12n, 0n), at: later },
    ]);
    expect(result).toEqual([{ amount: 2n, at: later }]);
  });
});
