import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskMiddle } from "./mask";

describe("maskMiddle", () => {
  it("keeps the first 2 and last 2 characters behind a fixed mask", () => {
    expect(maskMiddle("0x1234abcd")).toBe("0x****cd");
    expect(maskMiddle("0x71C7656EC7ab88b098defB751B7401B5f6d8976F")).toBe("0x****6F");
    expect(maskMiddle("abcde")).toBe("ab****de");
  });

  it("hides short strings completely", () => {
    expect(maskMiddle("abcd")).toBe("****");
    expect(maskMiddle("ab")).toBe("****");
    expect(maskMiddle("a")).toBe("****");
    expect(maskMiddle("")).toBe("");
  });

  it("takes another keep count and mask character", () => {
    expect(maskMiddle("110101199001011234", 4, "•")).toBe("1101••••1234");
    expect(maskMiddle("secret", 0)).toBe("****");
    expect(() => maskMiddle("x", -1)).toThrow(RangeError);
    expect(() => maskMiddle("x", 1.5)).toThrow(RangeError);
  });

  it("never cuts through an emoji or a combining mark", () => {
    expect(maskMiddle("👨‍👩‍👧🇯🇵abc🇯🇵👨‍👩‍👧")).toBe("👨‍👩‍👧🇯🇵****🇯🇵👨‍👩‍👧");
    expect(maskMiddle("สวัสดีครับ")).toBe("สวั****รับ");
  });

  it("never shows more than 2 * keep characters of the original", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 60 }), fc.nat(5), (s, keep) => {
        const out = maskMiddle(s, keep, "\u0000");
        const shown = out.replaceAll("\u0000", "");
        expect(shown.length).toBeLessThanOrEqual(Math.min(2 * keep, Math.max(s.length - 1, 0)));
        if (shown) {
          expect(s.startsWith(shown.slice(0, keep))).toBe(true);
          expect(s.endsWith(shown.slice(-keep))).toBe(true);
        }
      }),
    );
  });
});
