import { describe, expect, it } from "vitest";
import { formatUnits, parseUnits, toScaled } from "./decimal";

describe("decimal strings", () => {
  it("round floats to a scale and keep trailing zeros", () => {
    expect(toScaled(0.155, 5)).toBe("0.15500");
    expect(toScaled(67250.004999, 2)).toBe("67250.00");
    expect(toScaled(3, 0)).toBe("3");
    expect(() => toScaled(-1, 2)).toThrow();
    expect(() => toScaled(Number.NaN, 2)).toThrow();
  });

  it("convert between units and strings", () => {
    expect(formatUnits(5n, 3)).toBe("0.005");
    expect(formatUnits(-12345n, 2)).toBe("-123.45");
    expect(parseUnits("123.4", 2)).toBe(12340n);
    expect(parseUnits("-0.05", 2)).toBe(-5n);
    expect(() => parseUnits("1.234", 2)).toThrow("more than 2 decimals");
    expect(() => parseUnits("1e5", 2)).toThrow("Not a decimal");
  });
});
