import { describe, expect, it } from "vitest";
import { optionsRealised } from "./options-realised";

const settledAt = new Date("2026-03-01T10:00:00Z");

describe("optionsRealised (profit − fee at settlement)", () => {
  it("counts a win's profit, a loss's stake and a tie's fee, each less the fee", () => {
    // 10 USDT at 0.85 with a 0.1 fee: win +8.4, lose −10.1, tie −0.1.
    const orders = [
      { result: "win" as const, profit: 8_500_000n, fee: 100_000n, settledAt },
      { result: "lose" as const, profit: -10_000_000n, fee: 100_000n, settledAt },
      { result: "tie" as const, profit: 0n, fee: 100_000n, settledAt },
    ];
    expect(optionsRealised(orders).map((r) => r.amount)).toEqual([
      8_400_000n,
      -10_100_000n,
      -100_000n,
    ]);
  });

  it("counts nothing for a void order: stake and fee came back", () => {
    expect(optionsRealised([{ result: "void", profit: 0n, fee: 100_000n, settledAt }])).toEqual([
      { amount: 0n, at: settledAt },
    ]);
  });
});
