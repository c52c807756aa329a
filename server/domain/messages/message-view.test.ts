import { describe, expect, it } from "vitest";
import { SUMMARY_LENGTH, summarise } from "./message-view";

describe("summarise", () => {
  it("keeps a short body, on one line", () => {
    expect(summarise("  Hello\n\nWorld\t! ")).toBe("Hello World !");
  });

  it("cuts a long body at a word, within the length, with an ellipsis", () => {
    const summary = summarise("word ".repeat(100));
    expect([...summary].length).toBeLessThanOrEqual(SUMMARY_LENGTH);
    expect(summary).toMatch(/^(word )+word…$/);
  });

  it("cuts a body without spaces by characters, never inside a surrogate pair", () => {
    const summary = summarise("😀".repeat(200));
    expect([...summary]).toHaveLength(SUMMARY_LENGTH);
    expect(summary.endsWith("😀…")).toBe(true);
  });
});
