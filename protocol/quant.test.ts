import { describe, expect, it } from "vitest";
import { formatUnits, parseUnits } from "./decimal";
import {
  availableQuota,
  buyingPower,
  planLimitReached,
  planSettlement,
  planTermsOf,
  subscriptionRefusal,
} from "./quant";

const usdt = (value: string) => parseUnits(value, 6);
const format = (units: bigint) => formatUnits(units, 6);
const terms = planTermsOf(
  {
    level: 1,
    minAmount: "10",
    maxAmount: "500",
    leverage: 2,
    maxProfitRate: "0.2",
    maxLossRate: "0.1",
  },
  usdt,
);

describe("subscriptionRefusal", () => {
  const account = { creditLevel: 1, availableQuota: usdt("300") };

  it("takes an amount within the range, the level and the quota", () => {
    expect(subscriptionRefusal(terms, usdt("10"), account, format)).toBeNull();
    expect(subscriptionRefusal(terms, usdt("300"), account, format)).toBeNull();
  });

  it("names the level, the range or the quota that refuses it, in that order", () => {
    expect(subscriptionRefusal(terms, usdt("50"), { ...account, creditLevel: 0 }, format)).toEqual({
      code: "PLAN_LEVEL_TOO_LOW",
      params: { required: 1, level: 0 },
    });
    expect(subscriptionRefusal(terms, usdt("9.999999"), account, format)).toEqual({
      code: "PLAN_AMOUNT_OUT_OF_RANGE",
      params: { minimum: "10", maximum: "500" },
    });
    expect(subscriptionRefusal(terms, usdt("500.000001"), account, format)?.code).toBe(
      "PLAN_AMOUNT_OUT_OF_RANGE",
    );
    expect(subscriptionRefusal(terms, usdt("300.5"), account, format)).toEqual({
      code: "PLAN_QUOTA_EXCEEDED",
      params: { available: "300", needed: "300.5" },
    });
  });
});

describe("plan accounting", () => {
  it("leaves authorised − locked of the quota, never less than 0", () => {
    expect(availableQuota(usdt("1000"), usdt("400"))).toBe(usdt("600"));
    expect(availableQuota(usdt("100"), usdt("400"))).toBe(0n);
  });

  it("buys with amount × leverage", () => {
    expect(buyingPower(usdt("100"), 3)).toBe(usdt("300"));
  });

  it("stops at the profit and loss limits, not before", () => {
    const amount = usdt("100");
    expect(planLimitReached(usdt("19.999999"), amount, terms)).toBeNull();
    expect(planLimitReached(usdt("20"), amount, terms)).toBe("max-profit");
    expect(planLimitReached(usdt("-9.999999"), amount, terms)).toBeNull();
    expect(planLimitReached(usdt("-10"), amount, terms)).toBe("max-loss");
  });

  it("books a gain as 102 and a loss as 202, never more than the amount", () => {
    expect(planSettlement(usdt("100"), usdt("5"))).toEqual({
      profit: usdt("5"),
      loss: 0n,
      pnl: usdt("5"),
    });
    expect(planSettlement(usdt("100"), usdt("-7"))).toEqual({
      profit: 0n,
      loss: usdt("7"),
      pnl: usdt("-7"),
    });
    expect(planSettlement(usdt("100"), usdt("-130"))).toEqual({
      profit: 0n,
      loss: usdt("100"),
      pnl: usdt("-100"),
    });
    expect(planSettlement(usdt("100"), 0n)).toEqual({ profit: 0n, loss: 0n, pnl: 0n });
  });
});
