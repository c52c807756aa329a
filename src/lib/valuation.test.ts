import { describe, expect, it } from "vitest";
import { valueHoldings } from "./valuation";

const NOW = Date.parse("2026-11-26T00:00:00Z");
const fresh = new Date(NOW - 2_000).toISOString();
const old = new Date(NOW - 600_000).toISOString();

describe("valueHoldings", () => {
  it("sums USDT and every held asset at its last price, frozen included", () => {
    const valuation = valueHoldings(
      [
        { asset: "USDT", available: "100.5", frozen: "20" },
        { asset: "BTC", available: "0.01", frozen: "0.00500000" },
        { asset: "ETH", available: "1.5", frozen: "0" },
      ],
      [
        { symbol: "BTC/USDT", last: "60000.12", ts: fresh },
        { symbol: "ETH/USDT", last: "3000", ts: fresh },
      ],
      NOW,
      10_000,
    );
    // 120.5 + 0.015 × 60000.12 (= 900.0018) + 1.5 × 3000
    expect(valuation.total).toBe("5520.5018");
    expect(valuation.assets.map((a) => [a.asset, a.value, a.state])).toEqual([
      ["USDT", "120.5", "quote"],
      ["BTC", "900.0018", "live"],
      ["ETH", "4500", "live"],
    ]);
    expect(valuation.stale).toEqual([]);
    expect(valuation.missing).toEqual([]);
  });

  it("rounds each value down to USDT's 6 decimals (never more than it is worth)", () => {
    const valuation = valueHoldings(
      [{ asset: "BTC", available: "0.00000001", frozen: "0" }],
      [{ symbol: "BTC/USDT", last: "99999.99", ts: fresh }],
      NOW,
      10_000,
    );
    expect(valuation.total).toBe("0.000999"); // 0.0009999999
  });

  it("marks an old price stale (still counted) and a missing one missing (not counted)", () => {
    const valuation = valueHoldings(
      [
        { asset: "USDT", available: "10", frozen: "0" },
        { asset: "BTC", available: "1", frozen: "0" },
        { asset: "DOGE", available: "100", frozen: "0" },
      ],
      [{ symbol: "BTC/USDT", last: "50000", ts: old }],
      NOW,
      10_000,
    );
    expect(valuation.total).toBe("50010");
    expect(valuation.stale).toEqual(["BTC"]);
    expect(valuation.missing).toEqual(["DOGE"]);
    expect(valuation.assets.find((a) => a.asset === "DOGE")).toMatchObject({
      price: null,
      value: null,
    });
  });

  it("skips zero holdings and answers 0 for none", () => {
    const valuation = valueHoldings([{ asset: "BTC", available: "0", frozen: "0" }], [], NOW, 1);
    expect(valuation).toEqual({ total: "0", assets: [], stale: [], missing: [] });
  });
});
