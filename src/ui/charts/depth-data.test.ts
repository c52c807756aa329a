import { describe, expect, it } from "vitest";
import {
  cumulativeDepth,
  depthAlignedData,
  depthAt,
  depthPriceRange,
  type DepthInput,
} from "./depth-data";

const book: DepthInput = {
  bids: [
    ["100.5", "0.1"],
    ["100.25", "0.2"],
    ["99", "1.005"],
  ],
  asks: [
    ["101", "0.3"],
    ["101.5", "0.000001"],
    ["103", "2"],
  ],
};

describe("cumulativeDepth", () => {
  it("sums quantities exactly on decimal strings, best level first", () => {
    const depth = cumulativeDepth(book);
    // 0.1 + 0.2 is 0.30000000000000004 in doubles; here it is 0.3.
    expect(depth.bids.map((s) => s.cum)).toEqual(["0.1", "0.3", "1.305"]);
    expect(depth.asks.map((s) => s.cum)).toEqual(["0.3", "0.300001", "2.300001"]);
    expect(depth.bids[0]).toEqual({ price: "100.5", qty: "0.1", cum: "0.1" });
  });

  it("puts the mid halfway between the best bid and ask, exactly", () => {
    expect(cumulativeDepth(book).mid).toBe("100.75");
    expect(cumulativeDepth({ bids: [["1", "1"]], asks: [["2", "1"]] }).mid).toBe("1.5");
    expect(cumulativeDepth({ bids: [["0.01", "1"]], asks: [["0.02", "1"]] }).mid).toBe("0.015");
  });

  it("has no mid when a side is empty", () => {
    const depth = cumulativeDepth({ bids: book.bids, asks: [] });
    expect(depth.mid).toBeNull();
    expect(depth.asks).toEqual([]);
    expect(cumulativeDepth({ bids: [], asks: [] })).toEqual({ bids: [], asks: [], mid: null });
  });

  it("rejects levels that are not decimal strings, negative, or not best first", () => {
    expect(() => cumulativeDepth({ bids: [["100", "abc"]], asks: [] })).toThrow(TypeError);
    expect(() => cumulativeDepth({ bids: [], asks: [["100", "-1"]] })).toThrow(/negative/);
    expect(() =>
      cumulativeDepth({
        bids: [
          ["99", "1"],
          ["100", "1"],
        ],
        asks: [],
      }),
    ).toThrow(/bids are not best first/);
    expect(() =>
      cumulativeDepth({
        bids: [],
        asks: [
          ["101", "1"],
          ["101", "1"],
        ],
      }),
    ).toThrow(/asks are not best first/);
  });
});

describe("depthAlignedData", () => {
  it("runs prices upwards: bids deepest to best, then asks best to deepest", () => {
    const [xs, bids, asks] = depthAlignedData(cumulativeDepth(book));
    expect(xs).toEqual([99, 100.25, 100.5, 101, 101.5, 103]);
    expect(bids).toEqual([1.305, 0.3, 0.1, null, null, null]);
    expect(asks).toEqual([null, null, null, 0.3, 0.300001, 2.300001]);
  });
});

describe("depthPriceRange", () => {
  it("centres the mid and reaches the deeper side", () => {
    // mid 100.75; bids reach 99 (1.75 below), asks 103 (2.25 above).
    expect(depthPriceRange(cumulativeDepth(book))).toEqual([98.5, 103]);
    expect(depthPriceRange(cumulativeDepth({ bids: book.bids, asks: [] }))).toBeNull();
  });
});

describe("depthAt", () => {
  const depth = cumulativeDepth(book);
  it("on the bid side answers the deepest bid at or above the price", () => {
    expect(depthAt(depth, 100.5)).toEqual({ side: "bid", step: depth.bids[0] });
    expect(depthAt(depth, 100.3)).toEqual({ side: "bid", step: depth.bids[0] });
    expect(depthAt(depth, 100.25)).toEqual({ side: "bid", step: depth.bids[1] });
    expect(depthAt(depth, 99.5)).toEqual({ side: "bid", step: depth.bids[1] });
    expect(depthAt(depth, 50)).toEqual({ side: "bid", step: depth.bids[2] });
  });

  it("on the ask side answers the deepest ask at or below the price", () => {
    expect(depthAt(depth, 101)).toEqual({ side: "ask", step: depth.asks[0] });
    expect(depthAt(depth, 101.2)).toEqual({ side: "ask", step: depth.asks[0] });
    expect(depthAt(depth, 102)).toEqual({ side: "ask", step: depth.asks[1] });
    expect(depthAt(depth, 500)).toEqual({ side: "ask", step: depth.asks[2] });
  });

  it("is null inside the spread", () => {
    expect(depthAt(depth, 100.75)).toBeNull();
    expect(depthAt(cumulativeDepth({ bids: [], asks: [] }), 1)).toBeNull();
  });
});
