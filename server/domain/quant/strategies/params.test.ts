import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { QUANT_STRATEGIES } from "../../../../protocol/endpoints/quant";
import { STRATEGIES, resolveParams, strategyInfos } from "./index";

describe("parameter specs", () => {
  it("publish every strategy, each default inside its range and on its grid", () => {
    const infos = strategyInfos();
    expect(infos.map((i) => i.id)).toEqual([...QUANT_STRATEGIES]);
    for (const info of infos) {
      for (const p of info.params) {
        expect(p.min).toBeLessThanOrEqual(p.default);
        expect(p.default).toBeLessThanOrEqual(p.max);
        const steps = (p.default - p.min) / p.step;
        expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-9);
      }
      expect(resolveParams(info.id).ok).toBe(true);
    }
  });

  it("the plan catalogue's parameters (migration 019) are valid for their strategy", () => {
    const sql = readFileSync(
      new URL("../../../db/migrations/019_quant_plans.sql", import.meta.url),
      "utf8",
    );
    const rows = [...sql.matchAll(/'(trend-following|mean-reversion|grid)',\s*'(\{[^']*\})'/g)];
    expect(rows.length).toBe(6);
    for (const [, id, json] of rows) {
      const strategy = QUANT_STRATEGIES.find((s) => s === id);
      if (strategy === undefined || json === undefined) throw new Error("unreadable row");
      const params = JSON.parse(json) as Record<string, number>;
      const resolved = resolveParams(strategy, params);
      expect(resolved).toEqual({ ok: true, params });
    }
  });

  it("fills missing parameters with defaults", () => {
    expect(resolveParams("grid", { levels: 4 })).toEqual({
      ok: true,
      params: { levels: 4, spacing: 0.005 },
    });
  });

  it("refuses unknown names, out-of-range values, fractions of periods and fast ≥ slow", () => {
    const reasons = (id: (typeof QUANT_STRATEGIES)[number], p: Record<string, number>) => {
      const r = resolveParams(id, p);
      return r.ok ? [] : r.problems.map((x) => `${x.name}:${x.reason}`);
    };
    expect(reasons("grid", { rows: 3 })).toEqual(["rows:unknown"]);
    expect(reasons("grid", { levels: 41 })).toEqual(["levels:out-of-range"]);
    expect(reasons("mean-reversion", { period: 10.5 })).toEqual(["period:not-whole"]);
    expect(reasons("mean-reversion", { deviations: Number.NaN })).toEqual([
      "deviations:not-a-number",
    ]);
    expect(reasons("trend-following", { fastPeriod: 30, slowPeriod: 30 })).toEqual([":constraint"]);
    expect(reasons("trend-following", { fastPeriod: 27 })).toEqual([":constraint"]);
  });

  it("warm-up follows the parameters", () => {
    const trend = STRATEGIES["trend-following"];
    expect(trend.warmUp({ fastPeriod: 5, slowPeriod: 15, volatilityPeriod: 20 })).toBe(21);
    expect(STRATEGIES["mean-reversion"].warmUp({ period: 30 })).toBe(30);
    expect(STRATEGIES.grid.warmUp({})).toBe(1);
  });
});
