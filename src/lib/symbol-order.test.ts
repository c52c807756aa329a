import { describe, expect, it } from "vitest";
import { compareSymbols, sortBySymbol } from "./symbol-order";

describe("symbol order", () => {
  it("lists the majors in listing order, then other symbols by name", () => {
    const shuffled = ["ZZZ/USDT", "ETH/USDT", "AAA/USDT", "AVAX/USDT", "BTC/USDT", "DOGE/USDT"];
    expect([...shuffled].sort(compareSymbols)).toEqual([
      "BTC/USDT",
      "ETH/USDT",
      "DOGE/USDT",
      "AVAX/USDT",
      "AAA/USDT",
      "ZZZ/USDT",
    ]);
  });

  it("puts favourites first, each group in listing order, without changing its input", () => {
    const rows = [{ s: "SOL/USDT" }, { s: "BTC/USDT" }, { s: "LINK/USDT" }, { s: "ETH/USDT" }];
    const sorted = sortBySymbol(rows, (r) => r.s, new Set(["LINK/USDT", "SOL/USDT"]));
    expect(sorted.map((r) => r.s)).toEqual(["SOL/USDT", "LINK/USDT", "BTC/USDT", "ETH/USDT"]);
    expect(rows[0]?.s).toBe("SOL/USDT");
  });
});
