import { describe, expect, it } from "vitest";
import { graphemes } from "./graphemes";

describe("graphemes", () => {
  it("keeps emoji sequences and combining marks whole", () => {
    expect(graphemes("a👨‍👩‍👧🇯🇵b")).toEqual(["a", "👨‍👩‍👧", "🇯🇵", "b"]);
    expect(graphemes("ที่นี่")).toEqual(["ที่", "นี่"]);
    expect(graphemes("")).toEqual([]);
  });

  it("stops early at the limit", () => {
    expect(graphemes("abcdef", 2)).toEqual(["a", "b"]);
    expect(graphemes("ab", 0)).toEqual([]);
  });
});
