import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DepthLevel } from "../../../protocol";
import { compare, parseUnits } from "../../../protocol/decimal";
import {
  applyBookUpdate,
  applyLevels,
  bookFromSnapshot,
  comparePrices,
  type Book,
  type BookSide,
} from "./depth-book";

describe("depth book", () => {
  it("keeps bids high to low and asks low to high, comparing prices as decimals", () => {
    // As text "9.5" > "10.25" > "100.5"; as numbers the other way round.
    const book = bookFromSnapshot({
      bids: [
        ["9.5", "1"],
        ["100.5", "2"],
        ["10.25", "3"],
      ],
      asks: [
        ["100.5", "1"],
        ["9.5", "2"],
        ["10.25", "3"],
      ],
    });
    expect(book.bids.map(([price]) => price)).toEqual(["100.5", "10.25", "9.5"]);
    expect(book.asks.map(([price]) => price)).toEqual(["9.5", "10.25", "100.5"]);
  });

  it("changes, inserts and removes levels; '0' (at any spelling) removes, '100.50' is '100.5'", () => {
    const book: Book = {
      bids: [
        ["101", "1"],
        ["100.5", "2"],
        ["99", "3"],
      ],
      asks: [["102", "1"]],
    };
    const next = applyBookUpdate(book, {
      bids: [
        ["100.50", "7"],
        ["99", "0.000"],
        ["100.75", "4"],
        ["98", "0"],
      ],
      asks: [["101.5", "2"]],
    });
    expect(next.bids).toEqual([
      ["101", "1"],
      ["100.75", "4"],
      ["100.50", "7"],
    ]);
    expect(next.asks).toEqual([
      ["101.5", "2"],
      ["102", "1"],
    ]);
    // The input book is not modified.
    expect(book.bids).toHaveLength(3);
  });
});

// ---- Property: snapshot + updates equals the book built directly ----

/** A price (scale 4, often colliding) spelled with or without trailing zeros: "0.37", "0.370000". */
const price = fc
  .tuple(
    fc.integer({ min: 1, max: 60 }),
    fc.constantFrom(1, 100, 10_000),
    fc.boolean(),
    fc.integer({ min: 0, max: 2 }),
  )
  .map(([n, scale, trim, pad]) => {
    const units = n * scale;
    let text = `${Math.floor(units / 10_000)}.${String(units % 10_000).padStart(4, "0")}`;
    if (trim) text = text.replace(/\.?0+$/, "");
    return text.includes(".") ? text + "0".repeat(pad) : text;
  });
const quantity = fc.oneof(
  fc.constantFrom("0", "0.0", "0.000"),
  fc.integer({ min: 1, max: 99_999 }).map((n) => (n / 1000).toFixed(3)),
);
const levels = fc.array(fc.tuple(price, quantity), { maxLength: 25 });

/** The reference: a map from exact price to its level, sorted at the end. */
function direct(steps: DepthLevel[][], side: BookSide): DepthLevel[] {
  const book = new Map<bigint, DepthLevel>();
  for (const changes of steps) {
    for (const [p, q] of changes) {
      const key = parseUnits(p, 8);
      if (parseUnits(q, 8) === 0n) book.delete(key);
      else book.set(key, [p, q]);
    }
  }
  return [...book.entries()]
    .sort(([a], [b]) => (side === "bids" ? (a > b ? -1 : 1) : a < b ? -1 : 1))
    .map(([, level]) => level);
}

describe("depth book (property)", () => {
  it("applying a snapshot then updates equals the book built directly", () => {
    fc.assert(
      fc.property(
        levels,
        levels,
        fc.array(fc.tuple(levels, levels), { maxLength: 12 }),
        (snapBids, snapAsks, updates) => {
          let book = bookFromSnapshot({ bids: snapBids, asks: snapAsks });
          for (const [bids, asks] of updates) book = applyBookUpdate(book, { bids, asks });
          expect(book.bids).toEqual(direct([snapBids, ...updates.map(([b]) => b)], "bids"));
          expect(book.asks).toEqual(direct([snapAsks, ...updates.map(([, a]) => a)], "asks"));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is independent of how an update is split into frames", () => {
    fc.assert(
      fc.property(levels, levels, fc.nat(25), (snapshot, changes, cut) => {
        const base = applyLevels([], snapshot, "bids");
        const whole = applyLevels(base, changes, "bids");
        const split = applyLevels(
          applyLevels(base, changes.slice(0, cut), "bids"),
          changes.slice(cut),
          "bids",
        );
        expect(split).toEqual(whole);
      }),
    );
  });
});

describe("comparePrices", () => {
  it("orders unsigned decimals exactly as protocol/decimal's compare does", () => {
    const unsigned = fc
      .tuple(fc.stringMatching(/^\d{1,6}$/), fc.option(fc.stringMatching(/^\d{1,6}$/)))
      .map(([whole, fraction]) => (fraction === null ? whole : `${whole}.${fraction}`));
    fc.assert(
      fc.property(unsigned, unsigned, (a, b) => {
        expect(comparePrices(a, b)).toBe(compare(a, b));
      }),
      { numRuns: 2000 },
    );
    expect(comparePrices("007.50", "7.5")).toBe(0);
    expect(comparePrices("10", "9.99")).toBe(1);
    expect(comparePrices("-1", "0")).toBe(-1);
  });
});
