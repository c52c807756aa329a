import { describe, expect, it } from "vitest";
import { plainDecimal } from "./plain-decimal";

describe("plainDecimal", () => {
  it("keeps plain decimals up to the scale, as typed", () => {
    expect(plainDecimal("", 6)).toBe("");
    expect(plainDecimal("12", 6)).toBe("12");
    expect(plainDecimal("12.", 6)).toBe("12.");
    expect(plainDecimal(".5", 6)).toBe(".5");
    expect(plainDecimal("0.123456", 6)).toBe("0.123456");
    expect(plainDecimal("60000.005", 6)).toBe("60000.005");
  });

  it("refuses more decimals than the scale, and any decimal at scale 0", () => {
    expect(plainDecimal("0.1234567", 6)).toBeNull();
    expect(plainDecimal("1.", 0)).toBeNull();
    expect(plainDecimal("1", 0)).toBe("1");
  });

  it("refuses signs, exponents, letters and a second decimal mark", () => {
    for (const raw of ["-1", "+1", "1e5", "0x10", "abc", "1.5.", "1..", "Infinity"]) {
      expect(plainDecimal(raw, 6)).toBeNull();
    }
  });

  it("reads a pasted amount: spaces dropped, group separators removed, comma as decimal mark", () => {
    expect(plainDecimal(" 100\n", 6)).toBe("100");
    expect(plainDecimal("1\u00a0000.50", 6)).toBe("1000.50");
    expect(plainDecimal("1,000.50", 6)).toBe("1000.50");
    expect(plainDecimal("1.000,50", 6)).toBe("1000.50");
    expect(plainDecimal("1,000,000", 6)).toBe("1000000");
    expect(plainDecimal("0,5", 6)).toBe("0.5");
  });

  it("refuses separators that do not group by threes", () => {
    expect(plainDecimal("1,00.5", 6)).toBeNull();
    expect(plainDecimal("12,34,567", 6)).toBeNull();
  });
});
