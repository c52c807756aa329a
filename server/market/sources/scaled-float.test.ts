import { describe, expect, it } from "vitest";
import { toScaled } from "./scaled-float";

describe("toScaled", () => {
  it("rounds floats to a scale and keeps trailing zeros", () => {
    expect(toScaled(0.155, 5)).toBe("0.15500");
    expect(toScaled(67250.004999, 2)).toBe("67250.00");
    expect(toScaled(3, 0)).toBe("3");
    expect(() => toScaled(-1, 2)).toThrow();
    expect(() => toScaled(Number.NaN, 2)).toThrow();
  });
});
