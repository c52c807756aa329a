import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../protocol/envelope";
import { ERROR_STATUS, refusalStatus } from "./error-status";

describe("refusal statuses", () => {
  it("gives every error code a client or server error status", () => {
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("answers 422 for a VALIDATION of a business rule, 400 for bad input", () => {
    expect(refusalStatus("VALIDATION", { field: "amount", rule: "maximum-amount" })).toBe(422);
    expect(refusalStatus("VALIDATION", { field: "address", rule: "wallet-required" })).toBe(422);
    expect(refusalStatus("VALIDATION", { field: "amount", rule: "at-most" })).toBe(400);
    expect(refusalStatus("VALIDATION", {})).toBe(400);
    expect(refusalStatus("INSUFFICIENT_BALANCE", {})).toBe(422);
  });
});
