import { describe, expect, it } from "vitest";
import { maskIdentifier } from "./mask-identifier";

describe("maskIdentifier", () => {
  it("keeps 0x, the first 2 and the last 2 hex characters of an address", () => {
    expect(maskIdentifier("0x1234567890abcdef1234567890ABCDEF12345678")).toBe("0x12…78");
    expect(maskIdentifier("0x12ab34")).toBe("0x12…34");
  });

  it("masks an identifier without 0x by the same rule", () => {
    expect(maskIdentifier("INVITE42")).toBe("IN…42");
  });

  it("reveals nothing of an identifier too short to hide a middle", () => {
    expect(maskIdentifier("0x1234")).toBe("0x…");
    expect(maskIdentifier("abcd")).toBe("…");
    expect(maskIdentifier("")).toBe("…");
  });

  it("never shows more than 4 of the characters after the prefix", () => {
    for (const id of ["0xabcde", "0x" + "f".repeat(40), "abcdefghij"]) {
      const masked = maskIdentifier(id);
      expect(masked.replace(/^0x/, "").replace("…", "").length).toBeLessThanOrEqual(4);
    }
  });
});
