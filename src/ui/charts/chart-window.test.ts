import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  atRightEdge,
  atStart,
  clampWindow,
  defaultWindow,
  followWindow,
  MIN_VISIBLE_CANDLES,
  panWindow,
  windowLimits,
  zoomWindow,
  type WindowLimits,
} from "./chart-window";

const STEP = 60;
/** `count` candles a minute apart, the first at t = 0. */
const times = (count: number, first = 0) =>
  Array.from({ length: count }, (_, i) => first + i * STEP);
const limitsOf = (count: number, first = 0, defaultCount = 60): WindowLimits => {
  const limits = windowLimits(times(count, first), STEP, defaultCount);
  if (limits === null) throw new Error("no limits");
  return limits;
};

describe("windowLimits", () => {
  it("spans the candles' slots and bounds the zoom", () => {
    expect(limitsOf(300)).toEqual({
      start: -30,
      end: 299 * STEP + 30,
      step: STEP,
      minSpan: MIN_VISIBLE_CANDLES * STEP,
      maxSpan: 300 * STEP,
    });
    // Fewer candles than the default view: zooming out may still show the default width.
    expect(limitsOf(10).maxSpan).toBe(60 * STEP);
    expect(windowLimits([], STEP)).toBeNull();
  });
});

describe("defaultWindow", () => {
  it("shows the newest candles, the newest at the right edge", () => {
    const limits = limitsOf(300);
    const win = defaultWindow(limits, 60);
    expect(win.max).toBe(limits.end);
    expect(win.max - win.min).toBe(60 * STEP);
  });

  it("keeps the usual candle width in a young market, with the room on the left", () => {
    const limits = limitsOf(5);
    const win = defaultWindow(limits, 60);
    expect(win).toEqual({ min: limits.end - 60 * STEP, max: limits.end });
  });
});

describe("panWindow", () => {
  const limits = limitsOf(300);
  const win = { min: 100 * STEP, max: 160 * STEP };

  it("moves the window by the delta, keeping its span", () => {
    expect(panWindow(win, -10 * STEP, limits)).toEqual({ min: 90 * STEP, max: 150 * STEP });
  });

  it("stops at the oldest and at the newest candle", () => {
    expect(panWindow(win, -1e9, limits)).toEqual({ min: limits.start, max: limits.start + 3600 });
    expect(panWindow(win, 1e9, limits)).toEqual({ min: limits.end - 3600, max: limits.end });
  });
});

describe("zoomWindow", () => {
  const limits = limitsOf(300);

  it("keeps the anchor under the pointer", () => {
    const win = zoomWindow(130 * STEP, 0.5, 30 * STEP, limits);
    expect(win).toEqual({ min: 115 * STEP, max: 145 * STEP });
    const left = zoomWindow(130 * STEP, 0.25, 40 * STEP, limits);
    expect(left.min + 0.25 * (left.max - left.min)).toBeCloseTo(130 * STEP);
  });

  it("stops zooming in at MIN_VISIBLE_CANDLES and out at all candles", () => {
    const tight = zoomWindow(130 * STEP, 0.5, 1, limits);
    expect(tight.max - tight.min).toBe(MIN_VISIBLE_CANDLES * STEP);
    const wide = zoomWindow(130 * STEP, 0.5, 1e9, limits);
    expect(wide).toEqual({ min: limits.start, max: limits.end });
  });

  it("slides back inside the data when the anchor is near an edge", () => {
    const win = zoomWindow(2 * STEP, 0.9, 60 * STEP, limits);
    expect(win.min).toBe(limits.start);
    expect(win.max - win.min).toBe(60 * STEP);
  });
});

describe("followWindow (live data)", () => {
  it("follows the newest candle when the user is at the right edge", () => {
    const before = limitsOf(300);
    const win = defaultWindow(before, 60);
    const after = limitsOf(301); // one new candle
    const next = followWindow({ win, limits: before }, after, 60);
    expect(next.max).toBe(after.end);
    expect(next.max - next.min).toBe(win.max - win.min);
  });

  it("also follows after a zoom that stayed at the right edge", () => {
    const before = limitsOf(300);
    const zoomed = zoomWindow(before.end, 1, 20 * STEP, before);
    const after = limitsOf(302);
    const next = followWindow({ win: zoomed, limits: before }, after, 60);
    expect(next).toEqual({ min: after.end - 20 * STEP, max: after.end });
  });

  it("keeps the user's window exactly when they panned into history", () => {
    const before = limitsOf(300);
    const win = { min: 100 * STEP, max: 140 * STEP };
    expect(followWindow({ win, limits: before }, limitsOf(301), 60)).toEqual(win);
    expect(followWindow({ win, limits: before }, limitsOf(400), 60)).toEqual(win);
  });

  it("keeps the window when older candles are loaded before it", () => {
    const before = limitsOf(300);
    const win = { min: before.start, max: before.start + 40 * STEP };
    // 300 older candles arrive: the data now starts 300 minutes earlier.
    const after = limitsOf(600, -300 * STEP);
    expect(followWindow({ win, limits: before }, after, 60)).toEqual(win);
    expect(atStart(win, before)).toBe(true);
    expect(atStart(win, after)).toBe(false);
  });

  it("starts from the default window on first data", () => {
    const limits = limitsOf(300);
    expect(followWindow(null, limits, 60)).toEqual(defaultWindow(limits, 60));
  });
});

describe("edges", () => {
  const limits = limitsOf(300);
  it("counts within half a candle as being at an edge", () => {
    expect(atRightEdge({ min: 0, max: limits.end - 29 }, limits)).toBe(true);
    expect(atRightEdge({ min: 0, max: limits.end - 31 }, limits)).toBe(false);
    expect(atStart({ min: limits.start + 29, max: 1e6 }, limits)).toBe(true);
    expect(atStart({ min: limits.start + 31, max: 1e6 }, limits)).toBe(false);
  });
});

describe("clampWindow (property)", () => {
  it("always answers a window inside the data with an allowed span", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: -1e7, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        (count, min, span) => {
          const limits = limitsOf(count);
          const win = clampWindow({ min, max: min + span }, limits);
          const width = win.max - win.min;
          expect(width).toBeGreaterThanOrEqual(limits.minSpan - 1e-6);
          expect(width).toBeLessThanOrEqual(limits.maxSpan + 1e-6);
          if (width < limits.end - limits.start) {
            expect(win.min).toBeGreaterThanOrEqual(limits.start - 1e-6);
          }
          expect(win.max).toBeLessThanOrEqual(limits.end + 1e-6);
        },
      ),
    );
  });
});
