import { describe, expect, it } from "vitest";
import { DEMO_OPTIONS_PRODUCTS, parseOptionsConfig } from "./options-config";

function parse(value: string | undefined, mode: "demo" | "production" = "production") {
  const problems: string[] = [];
  const config = parseOptionsConfig(
    (name) => (name === "OPTIONS_PRODUCTS" ? value : undefined),
    mode,
    problems,
  );
  return { products: config.products, problems };
}

describe("OPTIONS_PRODUCTS", () => {
  it("offers demo's four products in demo and none in production when unset", () => {
    expect(parse(undefined, "demo")).toEqual({ products: DEMO_OPTIONS_PRODUCTS, problems: [] });
    expect(DEMO_OPTIONS_PRODUCTS.map((p) => p.seconds)).toEqual([30, 60, 120, 300]);
    expect(parse(undefined, "production")).toEqual({ products: [], problems: [] });
  });

  it("reads seconds:payoutRate:feeRate:minAmount:maxAmount items, shortest first, canonical", () => {
    expect(parse("300:0.9000:0.0050:10.000000:2500 ,60:1:0:0.1:0.1")).toEqual({
      products: [
        { seconds: 60, payoutRate: "1", feeRate: "0", minAmount: "0.1", maxAmount: "0.1" },
        { seconds: 300, payoutRate: "0.9", feeRate: "0.005", minAmount: "10", maxAmount: "2500" },
      ],
      problems: [],
    });
  });

  it("lists every problem, naming the item", () => {
    const { problems } = parse(
      "60:0.85:0.01:1:100,60:0.85:0.01:1:100,4:85:0.2:0:1e3,30:0.85:0.01,90:0.5:0.01:0.000001:1,120:0.8:0.01:5:2",
    );
    expect(problems).toEqual([
      "OPTIONS_PRODUCTS lists 60 s more than once",
      'OPTIONS_PRODUCTS item 3 ("4:85:0.2:0:1e3"): seconds must be an integer from 5 to 86400',
      'OPTIONS_PRODUCTS item 3 ("4:85:0.2:0:1e3"): payoutRate must be a decimal above 0 and at most 1, with at most 4 decimal places',
      'OPTIONS_PRODUCTS item 3 ("4:85:0.2:0:1e3"): feeRate must be a decimal at least 0 and at most 0.1, with at most 4 decimal places',
      'OPTIONS_PRODUCTS item 3 ("4:85:0.2:0:1e3"): minAmount must be a USDT amount above 0 and at most 1000000000, with at most 6 decimal places',
      'OPTIONS_PRODUCTS item 3 ("4:85:0.2:0:1e3"): maxAmount must be a USDT amount above 0 and at most 1000000000, with at most 6 decimal places',
      'OPTIONS_PRODUCTS item 4 ("30:0.85:0.01"): must be seconds:payoutRate:feeRate:minAmount:maxAmount, like 60:0.85:0.01:1:10000',
      'OPTIONS_PRODUCTS item 5 ("90:0.5:0.01:0.000001:1"): a win at minAmount must pay at least 0.000001 USDT (raise minAmount)',
      'OPTIONS_PRODUCTS item 6 ("120:0.8:0.01:5:2"): minAmount must not be above maxAmount',
    ]);
  });
});
