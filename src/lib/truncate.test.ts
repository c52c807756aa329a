import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graphemes } from "./graphemes";
import { truncate } from "./truncate";

describe("truncate", () => {
  it("returns short text unchanged", () => {
    expect(truncate("hello", 5)).toBe("hello");
    expect(truncate("", 0)).toBe("");
    expect(truncate("👨‍👩‍👧👨‍👩‍👧", 2)).toBe("👨‍👩‍👧👨‍👩‍👧");
  });

  it("cuts long text to max characters including the ellipsis", () => {
    expect(truncate("hello world", 8)).toBe("hello w…");
    expect(truncate("hello world", 7)).toBe("hello…");
    expect(truncate("hello world", 8, "...")).toBe("hello...");
  });

  it("never cuts an emoji or a Thai syllable in half", () => {
    expect(truncate("ab👨‍👩‍👧cd", 4)).toBe("ab👨‍👩‍👧…");
    expect(truncate("🇯🇵🇰🇷🇹🇼", 2)).toBe("🇯🇵…");
    expect(truncate("ที่นี่ที่นั่น", 3)).toBe("ที่นี่…");
  });

  it("degrades to the ellipsis when there is no room for text", () => {
    expect(truncate("hello", 1)).toBe("…");
    expect(truncate("hello", 0)).toBe("");
    expect(truncate("hello", 2, "...")).toBe("..");
  });

  it("rejects a negative or fractional max", () => {
    expect(() => truncate("x", -1)).toThrow(RangeError);
    expect(() => truncate("x", 2.5)).toThrow(RangeError);
  });

  it("never exceeds max characters and keeps a prefix of the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), fc.nat(45), (s, max) => {
        const out = truncate(s, max);
        expect(graphemes(out).length).toBeLessThanOrEqual(max);
        if (out !== s) expect(s.startsWith(out.slice(0, -1))).toBe(true);
        else expect(graphemes(s).length).toBeLessThanOrEqual(max);
      }),
    );
  });
});
