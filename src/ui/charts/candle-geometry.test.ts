import { describe, expect, it } from "vitest";
import { candleColumns } from "./candle-data";
import {
  bodyWidth,
  candleShapes,
  PANE_GAP,
  priceRange,
  visibleRange,
  VOLUME_SHARE,
  volumeRange,
} from "./candle-geometry";

describe("priceRange", () => {
  it("pads the candles and leaves the bottom of the plot to the volume pane", () => {
    const r = priceRange(100, 200);
    // 5 % padding: the candle pane spans 95..205.
    expect(r.floor).toBeCloseTo(95);
    expect(r.max).toBeCloseTo(205);
    // The candle pane is the top (1 - VOLUME_SHARE - PANE_GAP) of the whole range.
    expect((r.max - r.floor) / (r.max - r.min)).toBeCloseTo(1 - VOLUME_SHARE - PANE_GAP);
  });

  it("gives a flat market some height and survives no data", () => {
    const flat = priceRange(50, 50);
    expect(flat.max).toBeGreaterThan(50);
    expect(flat.floor).toBeLessThan(50);
    expect(priceRange(null, null)).toEqual({ min: 0, max: 1, floor: 0 });
    // uPlot passes +-Infinity when no point of the series is in view.
    expect(priceRange(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toEqual({
      min: 0,
      max: 1,
      floor: 0,
    });
  });
});

describe("volumeRange", () => {
  it("puts the highest visible bar at the top of the volume pane", () => {
    expect(volumeRange(40)).toEqual([0, 40 / VOLUME_SHARE]);
    expect(volumeRange(0)).toEqual([0, 1 / VOLUME_SHARE]);
    expect(volumeRange(null)).toEqual([0, 1 / VOLUME_SHARE]);
  });
});

describe("visibleRange", () => {
  const times = [0, 60, 120, 180, 240, 300];
  it("finds the candles in the window with one slot of margin", () => {
    expect(visibleRange(times, 100, 200, 60)).toEqual([1, 4]);
    expect(visibleRange(times, 0, 300, 60)).toEqual([0, 5]);
    expect(visibleRange(times, 120, 120, 60)).toEqual([1, 3]);
  });
  it("is null when no candle is near the window", () => {
    expect(visibleRange(times, 1000, 2000, 60)).toBeNull();
    expect(visibleRange([], 0, 100, 60)).toBeNull();
  });
});

describe("bodyWidth", () => {
  it("is an odd number of pixels, 70 % of the slot, at least 1", () => {
    expect(bodyWidth(10)).toBe(7);
    expect(bodyWidth(12)).toBe(7); // floor(8.4) = 8 -> 7, so the wick sits centred
    expect(bodyWidth(1)).toBe(1);
    expect(bodyWidth(0)).toBe(1);
  });
});

describe("candleShapes", () => {
  // Two 60-s candles; x: 1 px per second from t=0; price: y = 500 - price (up is smaller y);
  // volume: y = 400 - 10 * volume.
  const cols = candleColumns([
    { openTime: "1970-01-01T00:01:00Z", o: "100", h: "130", l: "90", c: "120", v: "5" },
    { openTime: "1970-01-01T00:02:00Z", o: "120", h: "125", l: "100.4", c: "110", v: "2.5" },
  ]);
  const x = (t: number) => t;
  const price = (p: number) => 500 - p;
  const volume = (v: number) => 400 - 10 * v;

  it("places bodies between open and close and wicks between high and low", () => {
    const [rise, fall] = candleShapes(cols, [0, 1], 60, x, price, volume);
    expect(rise).toMatchObject({
      index: 0,
      rising: true,
      centre: 60,
      width: 41, // 70 % of a 60-px slot, odd
      left: 40,
      bodyTop: 380, // close 120
      bodyHeight: 20, // down to open 100
      wickTop: 370, // high 130
      wickBottom: 410, // low 90
      volumeTop: 350,
      volumeBottom: 400,
    });
    expect(fall).toMatchObject({
      index: 1,
      rising: false,
      centre: 120,
      left: 100,
      bodyTop: 380, // open 120
      bodyHeight: 10, // down to close 110
      wickTop: 375,
      wickBottom: 400, // 399.6 rounds to a whole pixel
      volumeTop: 375,
    });
  });

  it("draws a doji (open = close) as a 1-px body", () => {
    const doji = candleColumns([
      { openTime: "1970-01-01T00:01:00Z", o: "100", h: "101", l: "99", c: "100", v: "0" },
    ]);
    const [shape] = candleShapes(doji, [0, 0], 60, x, price, volume);
    expect(shape?.bodyHeight).toBe(1);
    expect(shape?.volumeTop).toBe(shape?.volumeBottom);
  });

  it("only draws the range asked for, and nothing for an empty one", () => {
    expect(candleShapes(cols, [1, 1], 60, x, price, volume).map((s) => s.index)).toEqual([1]);
    expect(candleShapes(cols, [1, 0], 60, x, price, volume)).toEqual([]);
  });

  it("works with a y axis that grows upwards as well", () => {
    const [shape] = candleShapes(cols, [0, 0], 60, x, (p) => p, volume);
    expect(shape?.bodyTop).toBe(100);
    expect(shape?.bodyHeight).toBe(20);
    expect(shape?.wickTop).toBe(90);
    expect(shape?.wickBottom).toBe(130);
  });
});
