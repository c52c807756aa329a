// The figures /intelligent computes itself: exact on decimal strings, a loss rounded up.
import { describe, expect, it } from "vitest";
import { livePnl, maxLossAmount, pnlPercent, ratePercent, unrealisedPnl } from "./quant-math";

const prices: Record<string, string> = { "BTC/USDT": "61000.5", "ETH/USDT": "3000" };
const lastOf = (symbol: string) => prices[symbol] ?? null;

describe("quant-math", () => {
  it("writes rates as percentages, toward zero", () => {
    expect(ratePercent("0.0523")).toBe("5.23");
    expect(ratePercent("-0.16405")).toBe("-16.4");
    expect(ratePercent("0.1")).toBe("10");
  });

  it("states the loss limit in USDT, rounded up and never above the amount", () => {
    expect(maxLossAmount("20", "0.05")).toBe("1");
    expect(maxLossAmount("10.000001", "0.05")).toBe("0.500001");
    expect(maxLossAmount("20", "1.5")).toBe("20");
    expect(maxLossAmount("x", "0.05")).toBeNull();
  });

  it("marks positions at the last prices; a loss rounds up, a gain down", () => {
    // 0.00029 × (61,000.5 − 60,000) = 0.29014500 (exact) and 0.1 × (3,000 − 3,100.0000001).
    expect(
      unrealisedPnl([{ symbol: "BTC/USDT", quantity: "0.00029", averagePrice: "60000" }], lastOf),
    ).toBe(290_145n);
    expect(
      unrealisedPnl(
        [{ symbol: "ETH/USDT", quantity: "0.1", averagePrice: "3100.0000001" }],
        lastOf,
      ),
    ).toBe(-10_000_001n);
    expect(
      unrealisedPnl([{ symbol: "SOL/USDT", quantity: "1", averagePrice: "100" }], lastOf),
    ).toBeNull();
  });

  it("adds what the plan realised to its marked positions", () => {
    const plan = {
      realisedPnl: "-0.019951",
      positions: [{ symbol: "BTC/USDT", quantity: "0.00029", averagePrice: "60000" }],
    };
    expect(livePnl(plan, lastOf)).toBe("0.270194");
    expect(livePnl({ realisedPnl: "0", positions: [] }, lastOf)).toBe("0");
    expect(pnlPercent("-0.021091", "20")).toBe("-0.1");
    expect(pnlPercent("1", "0")).toBeNull();
  });
});
