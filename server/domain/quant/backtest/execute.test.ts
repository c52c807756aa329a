// The executor's shortcuts are the spot engine's rules, only cheaper: the fill's notional and fee
// (exchangeAt) equal exchangeOf's and `placeable` equals the min quantity and meetsMinNotional,
// for every listed symbol and any price and quantity (property).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exchangeOf, meetsMinNotional } from "../../../../protocol/spot-rules";
import { SYMBOLS } from "../../../market/symbols";
import { spotRules, TAKER_FEE } from "../../spot/spot-config";
import { exchangeAt, openAccount } from "./execute";
import { placeable } from "./sizing";

const ALL = SYMBOLS.map((s) => {
  const rules = spotRules(s.symbol);
  if (rules === undefined) throw new Error(`${s.symbol} is listed`);
  return rules;
});

const fee = fc.oneof(
  fc.constant(TAKER_FEE),
  fc.record({ num: fc.bigInt({ min: 0n, max: 99n }), den: fc.constant(10_000n) }),
);

describe("executor shortcuts equal the spot rules", () => {
  it("exchangeAt = exchangeOf; placeable = min quantity and meetsMinNotional", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALL),
        fc.constantFrom("buy" as const, "sell" as const),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        fee,
        (rules, side, priceSteps, qtySteps, feeRate) => {
          const price = priceSteps * rules.priceStep;
          const qty = qtySteps * rules.qtyStep;
          const account = openAccount(rules, 1_000_000n, 1, feeRate, { num: 0n, den: 1n });
          expect(exchangeAt(account, side, price, qty)).toEqual(
            exchangeOf(side, price, qty, rules, feeRate),
          );
          expect(placeable(qty, price, rules)).toBe(
            qty >= rules.minQty && meetsMinNotional(price, qty, rules),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
