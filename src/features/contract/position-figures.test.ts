// A position's live figures follow protocol's rules: pnl is contractPnl, ROE pnl / margin, and the
// margin ratio reaches 100 % exactly at the stored liquidation price (the rule's own price).
import { describe, expect, it } from "vitest";
import { contractPnl, liquidationPrice } from "../../../protocol/contract";
import { priceString } from "../../../protocol/spot-rules";
import { CONTRACT_CONFIG, contractOrder } from "../../test/contract-fixtures";
import {
  distancePercent,
  moveToLiquidationPercent,
  quantityForValue,
  termsOf,
} from "./contract-math";
import { positionFigures } from "./position-figures";

const TERMS = termsOf(CONTRACT_CONFIG, {
  symbol: "BTC/USDT",
  base: "BTC",
  quote: "USDT",
  priceStep: "0.01",
  qtyStep: "0.0001",
  minQty: "0.0001",
  minNotional: "5",
});
if (TERMS === null) throw new Error("fixture terms");
const terms = TERMS;
const price = (usdt: number) => BigInt(Math.round(usdt * 100)) * 10_000n;

describe("positionFigures", () => {
  const order = contractOrder();

  it("stores the rule's liquidation price in the fixture", () => {
    const liq = liquidationPrice("long", price(60_010), 10, terms.rates.mmr, terms.rules);
    expect(priceString(liq, terms.rules)).toBe(order.liquidationPrice);
  });

  it("is contractPnl and pnl / margin at the last price", () => {
    const figures = positionFigures(order, price(61_210), terms);
    const pnl = contractPnl("long", price(60_010), price(61_210), 1_000_000n, terms.rules);
    expect(figures?.pnl).toBe(pnl);
    expect(figures?.roePercent).toBe("19.99");
    expect(figures?.distancePercent).toBe("11.27");
  });

  it("reaches a 100 % margin ratio and a full bar at the liquidation price, not before", () => {
    const at = positionFigures(order, price(54_309.05), terms);
    expect(at?.marginRatioPercent).toBe("100");
    expect(at?.used).toBe(1);
    expect(at?.distancePercent).toBe("0");
    const before = positionFigures(order, price(54_400), terms);
    expect(Number(before?.marginRatioPercent)).toBeLessThan(100);
    expect(before?.used).toBeLessThan(1);
    expect(positionFigures(order, price(60_010), terms)?.used).toBe(0);
  });

  it("mirrors a short", () => {
    const short = contractOrder({ direction: "short", liquidationPrice: "65710.95" });
    const figures = positionFigures(short, price(59_010), terms);
    expect(figures?.pnl).toBe(10_000_000n);
    expect(positionFigures(short, price(65_710.95), terms)?.marginRatioPercent).toBe("100");
  });
});

describe("contract math", () => {
  it("words the move to liquidation from the rule, rounded down", () => {
    expect(moveToLiquidationPercent("long", price(60_010), 20, terms)).toBe("4.5");
    expect(moveToLiquidationPercent("short", price(59_990), 50, terms)).toBe("1.5");
    // 100 × (1 − 1/3 + 0.5 %) = 67.1666… rounds down to 67.16: a 32.84 % move.
    expect(moveToLiquidationPercent("long", price(100), 3, terms)).toBe("32.84");
    expect(distancePercent(300n, 200n)).toBe("33.33");
  });

  it("converts a USDT value to whole quantity steps", () => {
    expect(quantityForValue(600_100_000n, price(60_010), terms.rules)).toBe(1_000_000n);
    expect(quantityForValue(600_099_999n, price(60_010), terms.rules)).toBe(990_000n);
  });
});
