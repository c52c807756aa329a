// The executor's shortcuts are the spot engine's rules, only cheaper: the fill's notional and fee
// (exchangeAt) equal exchangeOf's, and `placeable` and the executor's own order check (a sale
// fills exactly when it is placeable) equal the min quantity and meetsMinNotional, for every
// listed symbol and any price and quantity (property).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exchangeOf, meetsMinNotional } from "../../../../protocol/spot-rules";
import { SYMBOLS } from "../../../market/symbols";
import { spotRules, TAKER_FEE } from "../../spot/spot-config";
import { closeOut, exchangeAt, openAccount } from "./execute";
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
  it("exchangeAt = exchangeOf; placeable = the executor's check = the spot engine's", () => {
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
          const engineTakes = qty >= rules.minQty && meetsMinNotional(price, qty, rules);
          expect(placeable(qty, price, rules)).toBe(engineTakes);
          // The executor checks an order itself (fill reuses price × quantity): selling `qty`
          // at `price` (no slippage) fills exactly when the engine would take the order.
          account.held = qty;
          expect(closeOut(account, price, 0)).toBe(qty > 0n && engineTakes);
          expect(account.fills.length).toBe(qty > 0n && engineTakes ? 1 : 0);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("fills at the least order value and refuses one price step below it, for every symbol", () => {
    let exact = 0;
    for (const rules of ALL) {
      const qty = rules.minQty > 0n ? rules.minQty : rules.qtyStep;
      const least = rules.minNotional * 10n ** BigInt(rules.baseScale);
      // The lowest price on the step at which qty reaches the least order value.
      const steps = (least + qty * rules.priceStep - 1n) / (qty * rules.priceStep);
      const price = steps * rules.priceStep;
      if (price * qty === least) exact += 1;
      for (const [at, takes] of [
        [price, true],
        [price - rules.priceStep, false],
      ] as const) {
        if (at <= 0n) continue;
        const account = openAccount(rules, 1_000_000n, 1, TAKER_FEE, { num: 0n, den: 1n });
        account.held = qty;
        expect(meetsMinNotional(at, qty, rules)).toBe(takes);
        expect(closeOut(account, at, 0)).toBe(takes);
      }
    }
    // The boundary itself (price × quantity equal to the least order value) is among the cases.
    expect(exact).toBeGreaterThan(0);
  });
});
