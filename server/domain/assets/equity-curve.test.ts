import { describe, expect, it } from "vitest";
import { balancesAtEnds, equityPoints, pricedAssets, type EquityInput } from "./equity-curve";

const input: EquityInput = {
  days: ["2026-03-01", "2026-03-02", "2026-03-03"],
  ends: [
    new Date("2026-03-02T00:00:00Z"),
    new Date("2026-03-03T00:00:00Z"),
    new Date("2026-03-04T00:00:00Z"),
  ],
  opening: new Map([["USDT", 1_000_000_000n]]),
  entries: [
    // Day 1: 10 USDT frozen for an order (available −10, frozen +10): equity unchanged.
    { asset: "USDT", amount: -10_000_000n, at: new Date("2026-03-01T10:00:00Z") },
    { asset: "USDT", amount: 10_000_000n, at: new Date("2026-03-01T10:00:00Z") },
    // Day 2: 0.5 BTC bought for 100 USDT.
    { asset: "USDT", amount: -100_000_000n, at: new Date("2026-03-02T08:00:00Z") },
    { asset: "BTC", amount: 50_000_000n, at: new Date("2026-03-02T08:00:00Z") },
    // Day 3, exactly at its start: belongs to day 3, not day 2.
    { asset: "USDT", amount: 5_000_000n, at: new Date("2026-03-03T00:00:00Z") },
  ],
  scales: new Map([
    ["USDT", 6],
    ["BTC", 8],
  ]),
};

describe("the equity curve", () => {
  it("holds each day's end balance per asset, available and frozen together", () => {
    const atEnds = balancesAtEnds(input);
    expect(atEnds.get("USDT")).toEqual([1_000_000_000n, 900_000_000n, 905_000_000n]);
    expect(atEnds.get("BTC")).toEqual([0n, 50_000_000n, 50_000_000n]);
    expect(pricedAssets(atEnds)).toEqual(["BTC"]);
  });

  it("prices other assets at the day's close, rounding down, and skips a day without one", () => {
    const atEnds = balancesAtEnds(input);
    const closes = new Map([["BTC", [null, "210.000001", null]]]);
    expect(equityPoints(input, atEnds, closes)).toEqual([
      ["2026-03-01", "1000"],
      // 900 + 0.5 × 210.000001 = 1005.0000005 → 1005
      ["2026-03-02", "1005"],
      // No close recorded by then: the BTC adds nothing rather than a guessed price.
      ["2026-03-03", "905"],
    ]);
  });
});
