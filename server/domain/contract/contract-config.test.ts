import { describe, expect, it } from "vitest";
import { contractConfig, DEMO_CONTRACT_TERMS, parseContractConfig } from "./contract-config";

function parse(value: string | undefined, mode: "demo" | "production" = "production") {
  const problems: string[] = [];
  const section = parseContractConfig(
    (name) => (name === "CONTRACT_TERMS" ? value : undefined),
    mode,
    problems,
  );
  return { terms: section.terms, problems };
}

describe("CONTRACT_TERMS", () => {
  it("offers demo's terms in demo and nothing in production when unset", () => {
    expect(parse(undefined, "demo")).toEqual({ terms: DEMO_CONTRACT_TERMS, problems: [] });
    expect(parse(undefined, "production")).toEqual({ terms: null, problems: [] });
    expect(contractConfig({ contract: { terms: DEMO_CONTRACT_TERMS } })).toMatchObject({
      leverages: [1, 2, 3, 5, 10, 20, 50],
      feeRate: "0.0005",
      maintenanceMarginRate: "0.005",
      minValue: "5",
    });
  });

  it("reads leverages (sorted), the rates as exact fractions and the minimum value", () => {
    expect(parse("20, 1,5 : 0.0004 : 0.01 : 10.5")).toEqual({
      terms: {
        leverages: [1, 5, 20],
        feeRate: { num: 4n, den: 10_000n },
        mmr: { num: 1n, den: 100n },
        minValue: 10_500_000n,
      },
      problems: [],
    });
    expect(parse("1:0:0:1").terms).toMatchObject({ feeRate: { num: 0n }, mmr: { num: 0n } });
  });

  it("names every problem at once", () => {
    expect(parse("1,2,2:0.5:0.005:0").problems).toEqual([
      'CONTRACT_TERMS ("1,2,2:0.5:0.005:0"): leverages lists a leverage more than once',
      'CONTRACT_TERMS ("1,2,2:0.5:0.005:0"): feeRate must be a decimal from 0 to 0.01 with at most 6 decimal places',
      'CONTRACT_TERMS ("1,2,2:0.5:0.005:0"): minValue must be a USDT amount above 0 and at most 1000000, with at most 6 decimal places',
    ]);
    expect(parse("0,200:0.001:0.005:5").problems).toEqual([
      'CONTRACT_TERMS ("0,200:0.001:0.005:5"): leverages must be whole numbers from 1 to 125, comma-separated, like 1,2,5,10',
    ]);
    expect(parse("1,100:0.001:0.01:5").problems).toEqual([
      'CONTRACT_TERMS ("1,100:0.001:0.01:5"): maintenanceMarginRate must be below 1/100 (the highest leverage\'s margin), or positions would be liquidated as they open',
    ]);
    expect(parse("10:0.001:5").problems).toEqual([
      'CONTRACT_TERMS ("10:0.001:5"): must be leverages:feeRate:maintenanceMarginRate:minValue, like 1,2,3,5,10:0.0005:0.005:5',
    ]);
    expect(parse("10:0.001:0.0000001:5").terms).toBeNull();
  });
});
