import { describe, expect, it } from "vitest";
import { intlLocale } from "./intl-locale";

describe("intlLocale", () => {
  it("maps the two legacy app codes to BCP 47", () => {
    expect(intlLocale("jp")).toBe("ja");
    expect(intlLocale("tc")).toBe("zh-TW");
  });

  it.each(["en", "de", "es", "fr", "it", "ko", "pt", "th", "vi", "en-GB"])(
    "leaves %s unchanged",
    (code) => {
      expect(intlLocale(code)).toBe(code);
    },
  );

  it("gives Intl a locale it actually supports", () => {
    for (const code of ["jp", "tc"]) {
      expect(Intl.DateTimeFormat.supportedLocalesOf(intlLocale(code))).toHaveLength(1);
    }
    // Proves the mapping matters: Intl does not know "jp" as Japanese.
    expect(new Intl.RelativeTimeFormat(intlLocale("jp")).format(-1, "day")).toBe("1 日前");
    expect(new Intl.RelativeTimeFormat("jp").format(-1, "day")).not.toBe("1 日前");
  });
});
