// The plan catalogue (migration 019): demo-only plans exist only in demo mode, and the rows read
// back with exact amounts.
import { describe, expect, it } from "vitest";
import { findQuantPlan, listQuantPlans } from "../../server/db/repositories/quant-plan-repository";
import { usePglite } from "./helpers/test-db";

const getDb = usePglite();

describe("quant plan catalogue", () => {
  it("offers the 10-minute plan in demo mode only", async () => {
    const demo = await listQuantPlans(getDb(), true);
    const production = await listQuantPlans(getDb(), false);
    expect(demo.map((plan) => plan.id)).toContain("demo-10-minutes");
    expect(production.map((plan) => plan.id)).not.toContain("demo-10-minutes");
    expect(demo.length).toBe(production.length + 1);
    expect(await findQuantPlan(getDb(), "demo-10-minutes", false)).toBeNull();
    expect(await findQuantPlan(getDb(), "no-such-plan", true)).toBeNull();
  });

  it("has a plan for every level, level 0 within level 0's quota", async () => {
    const plans = await listQuantPlans(getDb(), false);
    expect(new Set(plans.map((plan) => plan.level))).toEqual(new Set([0, 1, 2, 3, 4]));
    const starter = await findQuantPlan(getDb(), "starter-trend", false);
    expect(starter).toMatchObject({ level: 0, minAmount: 10_000_000n, maxAmount: 100_000_000n });
    expect(starter?.params).toMatchObject({ fastPeriod: 12, slowPeriod: 26 });
    expect(plans.every((plan) => plan.leverage >= 1 && plan.leverage <= 3)).toBe(true);
  });
});
