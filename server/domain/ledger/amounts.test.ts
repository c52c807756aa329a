import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnits } from "../../../protocol/decimal";
import { DomainError } from "../errors";
import { parseAmount } from "./amounts";

const reject = (value: unknown, scale = 6) => {
  try {
    parseAmount(value, scale, "amount");
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe("VALIDATION");
    expect((err as DomainError).params).toMatchObject({ field: "amount" });
    expect((err as DomainError).message).toContain('"amount"');
    return (err as DomainError).message;
  }
  throw new Error(`accepted ${String(value)}`);
};

describe("parseAmount", () => {
  it("reads decimal strings exactly at the asset's scale", () => {
    expect(parseAmount("1250.5", 6, "amount")).toBe(1_250_500_000n);
    expect(parseAmount("0.000001", 6, "amount")).toBe(1n);
    expect(parseAmount("7", 8, "amount")).toBe(700_000_000n);
    expect(parseAmount("00012.10", 2, "amount")).toBe(1210n);
    // Far beyond Number's 2^53: stays exact.
    expect(parseAmount("123456789012345678.123456", 6, "amount")).toBe(123456789012345678123456n);
  });

  it("rejects everything else with a message naming the field", () => {
    expect(reject(undefined)).toContain("is required");
    expect(reject("")).toContain("is required");
    expect(reject(null)).toContain("is required");
    expect(reject(12)).toContain("must be a decimal string");
    for (const bad of ["abc", "-1", "+1", "1e3", " 1", "1.", ".5", "1,5", "0x10", "NaN"]) {
      expect(reject(bad)).toContain("positive decimal");
    }
    expect(reject("1.0000001")).toContain("more than 6 decimal places");
    expect(reject("1.000000001", 8)).toContain("more than 8 decimal places");
  });

  it("reads back every canonical amount it could be sent", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n - 1n }), // at most 30 whole digits
        fc.integer({ min: 0, max: 18 }),
        (units, scale) => {
          expect(parseAmount(formatUnits(units, scale), scale, "x")).toBe(units);
        },
      ),
    );
  });
});
