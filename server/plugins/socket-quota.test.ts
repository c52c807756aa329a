import { describe, expect, it } from "vitest";
import { createSocketQuota } from "./socket-quota";

describe("createSocketQuota", () => {
  it("admits up to the maximum per client, counts nothing it refuses, and frees on release", () => {
    const quota = createSocketQuota(2);
    expect([quota.admit("a"), quota.admit("a"), quota.admit("a")]).toEqual([true, true, false]);
    expect(quota.held("a")).toBe(2);
    expect(quota.admit("b")).toBe(true); // another address has its own quota
    quota.release("a");
    expect(quota.held("a")).toBe(1);
    expect(quota.admit("a")).toBe(true);
    quota.release("a");
    quota.release("a");
    expect(quota.held("a")).toBe(0);
    quota.release("a"); // never below zero
    expect(quota.held("a")).toBe(0);
    expect(quota.admit("a")).toBe(true);
  });
});
