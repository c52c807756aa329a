import { describe, expect, it } from "vitest";
import { findUntranslated } from "../../scripts/lib/translations";

describe("translation check", () => {
  it("accepts a complete catalog, brand names included", () => {
    expect(
      findUntranslated({
        a: { message: "Home", translation: "Startseite" },
        b: { message: "Quanta", translation: "Quanta" },
        c: { message: "Old", translation: "", obsolete: true },
      }),
    ).toEqual([]);
  });

  it("reports missing translations and English left behind", () => {
    expect(
      findUntranslated({
        a: { message: "Home", translation: "" },
        b: { message: "Spot", translation: "Spot" },
      }),
    ).toEqual(['missing translation for "Home"', 'English left in place of a translation: "Spot"']);
  });
});
