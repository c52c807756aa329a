import { defaultParseSearch } from "@tanstack/react-router";
import { describe, expect, it } from "vitest";
import { stringifyPlainSearch, validateIdSearch, validateSymbolSearch } from "./-search";

describe("validateSymbolSearch", () => {
  it("reads BTCUSDT, btc_usdt and BTC/USDT as BTC/USDT, and drops anything else", () => {
    expect(validateSymbolSearch({ symbol: "BTCUSDT" })).toEqual({ symbol: "BTC/USDT" });
    expect(validateSymbolSearch({ symbol: "btc_usdt" })).toEqual({ symbol: "BTC/USDT" });
    expect(validateSymbolSearch({ symbol: "DOGE/USDT" })).toEqual({ symbol: "DOGE/USDT" });
    expect(validateSymbolSearch({ symbol: "BTCEUR" })).toEqual({});
    expect(validateSymbolSearch({ symbol: "<script>" })).toEqual({});
    expect(validateSymbolSearch({ symbol: 1 })).toEqual({});
    expect(validateSymbolSearch({})).toEqual({});
  });
});

describe("search params", () => {
  it("writes string ids plainly (not ?id=%221%22) and reads them back as the same id", () => {
    expect(stringifyPlainSearch({ id: "1" })).toBe("?id=1");
    expect(stringifyPlainSearch({ id: "welcome-to-quanta" })).toBe("?id=welcome-to-quanta");
    expect(validateIdSearch(defaultParseSearch("?id=1"))).toEqual({ id: "1" });
    expect(validateIdSearch(defaultParseSearch("?id=welcome-to-quanta"))).toEqual({
      id: "welcome-to-quanta",
    });
  });
});
