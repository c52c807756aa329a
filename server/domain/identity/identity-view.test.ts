import { describe, expect, it } from "vitest";
import { maskIdNumber } from "./identity-view";

describe("maskIdNumber", () => {
  it.each([
    ["AB123456789", "AB****89"],
    ["12345", "12****45"],
    ["1234", "****"],
    ["X-1234-Y", "X-****-Y"],
  ])("%s -> %s", (input, masked) => {
    expect(maskIdNumber(input)).toBe(masked);
  });
});
