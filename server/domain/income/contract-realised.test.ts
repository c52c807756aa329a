import { describe, expect, it } from "vitest";
import { contractRealised } from "./contract-realised";

const closedAt = new Date("2026-03-01T10:00:00Z");

describe("contractRealised (pnl − both fees at the close)", () => {
  it("counts a gain and a loss, each less the opening and closing fee", () => {
    const orders = [
      { pnl: 12_000_000n, openFee: 300_000n, closeFee: 310_000n, closedAt },
      { pnl: -5_000_000n, openFee: 300_000n, closeFee: 290_000n, closedAt },
    ];
    expect(contractRealised(orders)).toEqual([
      { amount: 11_390_000n, at: closedAt },
      { amount: -5_590_000n, at: closedAt },
    ]);
  });

  it("a liquidation loses exactly the margin plus the opening fee (no closing fee)", () => {
    const liquidated = { pnl: -33_625_000n, openFee: 168_125n, closeFee: 0n, closedAt };
    expect(contractRealised([liquidated])).toEqual([{ amount: -33_793_125n, at: closedAt }]);
  });
});
