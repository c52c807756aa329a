import { describe, expect, it } from "vitest";
import type { OptionsProduct } from "../../../protocol/options";
import {
  expectedLossPercent,
  maxStake,
  quickAmounts,
  ratePercent,
  stakeCost,
  stakeFee,
  stakeProblem,
  winPayback,
} from "./options-math";

const product: OptionsProduct = {
  seconds: 60,
  payoutRate: "0.85",
  minAmount: "10",
  maxAmount: "1000",
  feeRate: "0.01",
};

describe("options math", () => {
  it("pays back stake + stake × payoutRate on a win, with the fee on top", () => {
    expect(winPayback("10", "0.85")).toBe("18.5");
    expect(stakeFee("10", "0.01")).toBe("0.1");
    expect(stakeCost("10", "0.01")).toBe("10.1");
    // The fee rounds up to the micro-USDT, the profit down.
    expect(stakeFee("0.000001", "0.01")).toBe("0.000001");
    expect(winPayback("0.000001", "0.85")).toBe("0.000001");
  });

  it("finds the largest stake whose stake + fee the balance covers, within the range", () => {
    expect(maxStake("101", product)).toBe("100");
    // 100.000001 / 1.01 = 99.0099…; its fee rounds up, so the stake is one unit less.
    const stake = maxStake("100.000001", product);
    expect(stake).toBe("99.009901");
    expect(stakeProblem(stake ?? "", product, "100.000001")).toBeNull();
    expect(stakeProblem("99.009902", product, "100.000001")).toMatchObject({
      kind: "insufficient",
    });
    expect(maxStake("5000", product)).toBe("1000");
    expect(maxStake("10", product)).toBeNull();
    expect(maxStake("0", product)).toBeNull();
    expect(maxStake("50", { ...product, feeRate: "0" })).toBe("50");
  });

  it("says what is wrong with a stake", () => {
    expect(stakeProblem("", product, "100")).toEqual({ kind: "empty" });
    expect(stakeProblem("0", product, "100")).toEqual({ kind: "empty" });
    expect(stakeProblem("9.99", product, "100")).toEqual({ kind: "below-minimum", minimum: "10" });
    expect(stakeProblem("1000.01", product, null)).toEqual({
      kind: "above-maximum",
      maximum: "1000",
    });
    expect(stakeProblem("100", product, "100")).toEqual({
      kind: "insufficient",
      needed: "101",
      available: "100",
    });
    expect(stakeProblem("100", product, null)).toBeNull();
  });

  it("offers quick amounts inside the range, and the 50/50 expected loss", () => {
    expect(quickAmounts(product)).toEqual(["10", "50", "100", "500"]);
    expect(quickAmounts({ ...product, minAmount: "20", maxAmount: "200" })).toEqual(["50", "100"]);
    expect(ratePercent("0.85")).toBe("85");
    expect(expectedLossPercent({ ...product, feeRate: "0" })).toBe("7.5");
    expect(expectedLossPercent(product)).toBe("8.5");
  });
});
