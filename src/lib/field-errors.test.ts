import { describe, expect, it } from "vitest";
import { refreshFieldErrors } from "./field-errors";

describe("refreshFieldErrors", () => {
  const shown = { amount: "too small", address: "not an address" };

  it("drops a changed field's error once it is fixed, keeping the others", () => {
    expect(refreshFieldErrors(shown, { address: "not an address" }, "amount")).toEqual({
      address: "not an address",
    });
  });

  it("keeps or updates the error while the changed field is still wrong", () => {
    expect(refreshFieldErrors(shown, { amount: "enter an amount" }, "amount")).toEqual({
      amount: "enter an amount",
      address: "not an address",
    });
  });

  it("does not show errors for a field that had none (before the first submit)", () => {
    const none: Partial<Record<"amount" | "address", string>> = {};
    expect(refreshFieldErrors(none, { amount: "enter an amount" }, "amount")).toBe(none);
  });
});
