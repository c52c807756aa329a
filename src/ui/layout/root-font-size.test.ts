import { describe, expect, it } from "vitest";
import { rootFontSizePx } from "./root-font-size";

describe("root font size", () => {
  it("is viewport width / 750 × 16 px", () => {
    expect(rootFontSizePx(375)).toBe(8);
    expect(rootFontSizePx(750)).toBe(16);
    expect(rootFontSizePx(390)).toBeCloseTo(8.32);
  });

  it("is capped on wide screens", () => {
    expect(rootFontSizePx(1920)).toBe(16);
  });
});
