import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DepthLevel } from "../../../protocol/market";
import { formatFixed } from "../../../protocol/decimal";
import { applyDepthUpdate, compareDecimals, diffDepth, isEmptyChange } from "./depth-diff";

describe("diffDepth", () => {
  it("lists changed and new levels, and removed ones with quantity 0, best first", () => {
    const before = {
      bids: [
        ["100.00", "1"],
        ["99.50", "2"],
        ["99.00", "3"],
      ] as DepthLevel[],
      asks: [
        ["100.50", "1"],
        ["101.00", "2"],
      ] as DepthLevel[],
    };
    const after = {
      bids: [
        ["100.00", "1"],
        ["99.75", "4"],
        ["99.50", "5"],
      ] as DepthLevel[],
      asks: [
        ["100.50", "1"],
        ["101.00", "2"],
      ] as DepthLevel[],
    };
    expect(diffDepth(before, after)).toEqual({
      bids: [
        ["99.75", "4"],
        ["99.50", "5"],
        ["99.00", "0"],
      ],
      asks: [],
    });
    expect(isEmptyChange(diffDepth(after, after))).toBe(true);
  });

  it("compares decimal prices exactly, across digit counts", () => {
    expect(compareDecimals("10.5", "9.75")).toBeGreaterThan(0);
    expect(compareDecimals("0.12000", "0.12")).toBe(0);
    expect(compareDecimals("0.11999", "0.12")).toBeLessThan(0);
    expect(compareDecimals("100", "99.999")).toBeGreaterThan(0);
  });

  it("property: applying the update to the previous book gives the new book", () => {
    const side = fc
      .uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 20 })
      .chain((prices) =>
        fc.tuple(
          fc.constant(prices),
          fc.array(fc.integer({ min: 1, max: 9 }), {
            minLength: prices.length,
            maxLength: prices.length,
          }),
        ),
      )
      .map(([prices, qtys]) =>
        prices.map((p, i): DepthLevel => [formatFixed(BigInt(p), 2), String(qtys[i])]),
      );
    const book = fc.record({ bids: side, asks: side }).map(({ bids, asks }) => ({
      bids: bids.sort(([a], [b]) => compareDecimals(b, a)),
      asks: asks.sort(([a], [b]) => compareDecimals(a, b)),
    }));
    fc.assert(
      fc.property(book, book, (before, after) => {
        expect(applyDepthUpdate(before, diffDepth(before, after))).toEqual(after);
      }),
    );
  });
});
