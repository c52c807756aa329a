// The order form's estimates and percentage buttons: exact decimal math rounded toward the house,
// a market order priced by walking the book, and a buy's percentage that never costs more than
// its share of the balance once the fee is rounded up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DepthLevel } from "../../../protocol";
import { add, compare, formatUnits, percentOf } from "../../../protocol/decimal";
import { spotRulesOf } from "../../../protocol/spot-rules";
import {
  estimateOrder,
  floorToStep,
  isMultipleOf,
  numberForPercent,
  type PriceSource,
} from "./spot-math";

const BTC = spotRulesOf({
  symbol: "BTC/USDT",
  base: "BTC",
  quote: "USDT",
  priceStep: "0.01",
  qtyStep: "0.00001",
  minQty: "0.00001",
  minNotional: "5",
});

const limitBuy = (price: string, feeRate: string): PriceSource => ({
  side: 0,
  type: 1,
  limitPrice: price,
  levels: null,
  last: null,
  feeRate,
  rules: null,
});

/** What an order that must have an estimate costs or brings. */
function totalOf(source: PriceSource, number: string, priceScale: number): string {
  const estimate = estimateOrder(source, number, priceScale);
  if (estimate === null) throw new Error(`no estimate for ${number}`);
  return estimate.total;
}

describe("estimateOrder", () => {
  it("prices a limit buy as cost + fee and a limit sell as proceeds − fee", () => {
    expect(estimateOrder(limitBuy("100", "0.001"), "0.5", 2)).toEqual({
      price: "100",
      basis: "limit",
      notional: "50",
      fee: "0.05",
      total: "50.05",
      short: false,
    });
    const sell: PriceSource = { ...limitBuy("100.5", "0.002"), side: 1 };
    expect(estimateOrder(sell, "0.333", 2)).toMatchObject({
      notional: "33.4665",
      fee: "0.066933",
      total: "33.399567",
    });
  });

  it("rounds toward the house: a buy's value and every fee up, a sell's value down", () => {
    // 0.0000009 of fee is charged as 0.000001 either way.
    expect(estimateOrder(limitBuy("0.0003", "0.001"), "3", 4)).toMatchObject({
      notional: "0.0009",
      fee: "0.000001",
      total: "0.000901",
    });
    expect(estimateOrder({ ...limitBuy("0.0003", "0.001"), side: 1 }, "3", 4)).toMatchObject({
      total: "0.000899",
    });
    // 3.0000003 USDT of value: paid as 3.000001, received as 3.
    expect(estimateOrder(limitBuy("1.0000001", "0"), "3", 7)?.notional).toBe("3.000001");
    expect(estimateOrder({ ...limitBuy("1.0000001", "0"), side: 1 }, "3", 7)?.notional).toBe("3");
  });

  it("walks the book for a market order, and says when the book shown is too thin", () => {
    const asks: DepthLevel[] = [
      ["100", "1"],
      ["101", "2"],
    ];
    const market: PriceSource = {
      side: 0,
      type: 0,
      limitPrice: null,
      levels: asks,
      last: "99",
      feeRate: "0.001",
      rules: BTC,
    };
    expect(estimateOrder(market, "2", 2)).toEqual({
      price: "100.50",
      basis: "book",
      notional: "201",
      fee: "0.201",
      total: "201.201",
      short: false,
    });
    // 3 in the book; the 4th is priced at the worst level shown.
    expect(estimateOrder(market, "4", 2)).toMatchObject({ notional: "403", short: true });
    // No book on the device: the last price.
    expect(estimateOrder({ ...market, levels: [] }, "2", 2)).toMatchObject({
      basis: "last",
      notional: "198",
    });
  });

  it("has no estimate without a quantity, a limit price or any market price", () => {
    expect(estimateOrder(limitBuy("100", "0.001"), "", 2)).toBeNull();
    expect(estimateOrder(limitBuy("100", "0.001"), "0", 2)).toBeNull();
    expect(estimateOrder(limitBuy("", "0.001"), "1", 2)).toBeNull();
    const market: PriceSource = {
      side: 0,
      type: 0,
      limitPrice: null,
      levels: null,
      last: null,
      feeRate: "0",
      rules: null,
    };
    expect(estimateOrder(market, "1", 2)).toBeNull();
  });
});

describe("steps", () => {
  it("rounds down to a multiple of the step", () => {
    expect(floorToStep("0.1234", "0.001")).toBe("0.123");
    expect(floorToStep("7", "5")).toBe("5");
    expect(floorToStep("0.0149", "0.005")).toBe("0.01");
    expect(isMultipleOf("0.015", "0.005")).toBe(true);
    expect(isMultipleOf("0.016", "0.005")).toBe(false);
  });
});

describe("numberForPercent", () => {
  it("sells that share of the base coin, down to the quantity step", () => {
    const sell: PriceSource = { ...limitBuy("100", "0.001"), side: 1 };
    expect(numberForPercent(sell, "50", "1.23456789", "0.0001", 2)).toBe("0.6172");
    expect(numberForPercent(sell, "100", "1.23456789", "0.0001", 2)).toBe("1.2345");
    expect(numberForPercent(sell, "25", "0", "0.0001", 2)).toBe("0");
  });

  it("buys what that share of the USDT pays for, fee included", () => {
    // 100 USDT at 10 with 0.1 %: 9.99 costs 99.9 + 0.0999.
    expect(numberForPercent(limitBuy("10", "0.001"), "100", "100", "0.01", 2)).toBe("9.99");
    expect(numberForPercent(limitBuy("10", "0.001"), "25", "100", "0.01", 2)).toBe("2.49");
  });

  it("steps back when the fee's rounding would cost more than the share", () => {
    // 10 / 0.3003 = 33.3000333…: 33.300033 would cost 9.99001 + 0.009991 = 10.000001 (value
    // 9.9900099 and fee 0.0099900099, both rounded up), and so would the next two steps down.
    const source = limitBuy("0.3", "0.001");
    expect(estimateOrder(source, "33.300033", 1)?.total).toBe("10.000001");
    expect(numberForPercent(source, "100", "10", "0.000001", 1)).toBe("33.30003");
    expect(estimateOrder(source, "33.30003", 1)?.total).toBe("10");
  });

  it("walks the book for a market buy", () => {
    const asks: DepthLevel[] = [
      ["100", "1"],
      ["200", "5"],
    ];
    const market: PriceSource = {
      side: 0,
      type: 0,
      limitPrice: null,
      levels: asks,
      last: "99",
      feeRate: "0",
      rules: BTC,
    };
    // 100 for the first, then 200 buys one more at 200.
    expect(numberForPercent(market, "100", "300", "0.001", 2)).toBe("2");
    expect(numberForPercent(market, "50", "300", "0.001", 2)).toBe("1.25");
  });

  it("never costs more than the share, and one more step would (property)", () => {
    const units = (max: number) => fc.bigInt({ min: 1n, max: BigInt(max) });
    fc.assert(
      fc.property(
        units(10_000_000_000),
        units(100_000_000),
        fc.constantFrom("0", "0.001", "0.0015", "0.002"),
        fc.constantFrom("0.000001", "0.0001", "0.01"),
        fc.constantFrom("25", "50", "75", "100") as fc.Arbitrary<"25" | "50" | "75" | "100">,
        (available, price, feeRate, step, percent) => {
          const source = limitBuy(formatUnits(price, 4), feeRate);
          const share = percentOf(formatUnits(available, 6), percent, 6, "down");
          const number = numberForPercent(source, percent, formatUnits(available, 6), step, 4);
          expect(isMultipleOf(number, step)).toBe(true);
          if (compare(number, "0") > 0) {
            expect(compare(totalOf(source, number, 4), share)).toBeLessThanOrEqual(0);
          }
          expect(compare(totalOf(source, add(number, step, 6), 4), share)).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("fits a market buy into the share when walking a book deep enough (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.bigInt({ min: 1n, max: 10_000_000n }), fc.bigInt({ min: 1n, max: 10_000n })),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.bigInt({ min: 1n, max: 1_000_000_000n }),
        fc.constantFrom("0", "0.001", "0.0015"),
        (raw, available, feeRate) => {
          // Asks best (lowest) first, and deep enough that the share never empties the book.
          const sorted = [...raw].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
          const levels: DepthLevel[] = sorted.map(([p, q]) => [
            formatUnits(p, 2),
            formatUnits(q, 0),
          ]);
          levels.push([formatUnits((sorted[sorted.length - 1]?.[0] ?? 0n) + 1n, 2), "1000000000"]);
          const source: PriceSource = {
            side: 0,
            type: 0,
            limitPrice: null,
            levels,
            last: null,
            feeRate,
            rules: BTC,
          };
          const balance = formatUnits(available, 6);
          const number = numberForPercent(source, "100", balance, "0.0001", 2);
          if (compare(number, "0") > 0) {
            expect(compare(totalOf(source, number, 2), balance)).toBeLessThanOrEqual(0);
          }
          expect(compare(totalOf(source, add(number, "0.0001", 4), 2), balance)).toBe(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
