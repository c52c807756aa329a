import { describe, expect, it } from "vitest";
import { validateSymbolSearch } from "./-search";

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
