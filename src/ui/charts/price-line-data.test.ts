import { describe, expect, it } from "vitest";
import { lineColumns, lineRange, lineWindow } from "./price-line-data";

describe("price line data", () => {
  it("lays points out as uPlot columns in seconds", () => {
    expect(
      lineColumns([
        { at: 1_000, price: "1.5" },
        { at: 2_500, price: "2" },
      ]),
    ).toEqual([
      [1, 2.5],
      [1.5, 2],
    ]);
  });

  it("shows the last span up to now, stretched to an expiry in the future", () => {
    expect(lineWindow(100_000, 60_000, null)).toEqual([43, 103]);
    expect(lineWindow(100_000, 60_000, 130_000)).toEqual([73, 133]);
  });

  it("keeps the marked level in the price range, with room around it", () => {
    const [low, high] = lineRange(100, 110, 90);
    expect(low).toBeLessThan(90);
    expect(high).toBeGreaterThan(110);
    const [flatLow, flatHigh] = lineRange(100, 100, null);
    expect(flatLow).toBeLessThan(100);
    expect(flatHigh).toBeGreaterThan(100);
    expect(lineRange(null, null, null)).toEqual([0, 1]);
  });
});
