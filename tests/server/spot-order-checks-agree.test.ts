// The shared order checks (protocol/spot-order-checks.ts), which the order form applies as they
// are, refuse exactly the prices and quantities the server refuses: on random decimal text of
// every listed symbol, the server's body check (order-input.ts) throws iff a check fails, and both
// name the same field.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseOrderInput } from "../../server/domain/spot/order-input";
import { spotConfig } from "../../server/domain/spot/spot-config";
import { DomainError } from "../../server/domain/errors";
import { checkOrderNumber, checkOrderPrice } from "../../protocol/spot-order-checks";
import { spotRulesOf } from "../../protocol/spot-rules";

const config = spotConfig();

/** Decimal-looking text: mostly well formed, sometimes with zeros, extra decimals or junk. */
const textArb = fc.oneof(
  fc.stringMatching(/^\d{1,4}(\.\d{0,9})?$/),
  fc.stringMatching(/^0(\.0{0,6}[0-9]?)?0*$/),
  fc.constantFrom("", "0", "-1", "1.", ".5", "1e3", "abc", "9".repeat(31), "1".repeat(17)),
);

describe("the shared price and quantity checks", () => {
  it("refuse exactly what the server refuses", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...config.symbols),
        fc.constantFrom<0 | 1>(0, 1),
        textArb,
        textArb,
        (published, type, price, number) => {
          let serverField: string | null = null;
          try {
            parseOrderInput({
              symbol: published.symbol,
              side: 0,
              type,
              number,
              ...(type === 1 ? { price } : {}),
            });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            serverField = error.code === "BELOW_MINIMUM" ? "number" : String(error.params.field);
          }
          const rules = spotRulesOf(published);
          const formFields = [
            ...(type === 1 && !checkOrderPrice(price, rules).ok ? ["price"] : []),
            ...(checkOrderNumber(number, rules).ok ? [] : ["number"]),
          ];
          if (serverField === null) expect(formFields).toEqual([]);
          else expect(formFields).toContain(serverField);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
