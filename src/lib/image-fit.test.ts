import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitWithin, PHOTO_MAX_SIDE } from "./image-fit";

describe("fitWithin", () => {
  it("keeps photos that already fit, and never scales up", () => {
    expect(fitWithin(1200, 900)).toEqual({ width: 1200, height: 900 });
    expect(fitWithin(1600, 1600)).toEqual({ width: 1600, height: 1600 });
    expect(fitWithin(1, 1)).toEqual({ width: 1, height: 1 });
  });

  it("scales the long side to 1600 px and the other in proportion", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(3200, 1000)).toEqual({ width: 1600, height: 500 });
    expect(fitWithin(20_000, 10)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(800, 600, 400)).toEqual({ width: 400, height: 300 });
  });

  it("rejects sizes that are not positive integers", () => {
    for (const [w, h] of [
      [0, 10],
      [10, -1],
      [1.5, 10],
      [Number.NaN, 10],
    ] as const) {
      expect(() => fitWithin(w, h)).toThrow(RangeError);
    }
  });

  it("always fits, keeps the aspect ratio within rounding, and leaves no side at 0", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        (w, h) => {
          const out = fitWithin(w, h);
          expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
          expect(Math.min(out.width, out.height)).toBeGreaterThanOrEqual(1);
          if (Math.max(w, h) <= PHOTO_MAX_SIDE) expect(out).toEqual({ width: w, height: h });
          else expect(Math.max(out.width, out.height)).toBe(PHOTO_MAX_SIDE);
          // The short side is off by at most half a pixel from the exact proportion (or clamped to 1).
          const exactShort = (Math.min(w, h) * Math.max(out.width, out.height)) / Math.max(w, h);
          expect(
            Math.abs(Math.min(out.width, out.height) - Math.max(1, exactShort)),
          ).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
