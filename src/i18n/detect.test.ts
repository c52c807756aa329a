import { describe, expect, it } from "vitest";
import { detectLang, fallbackLang } from "./detect";

describe("language detection", () => {
  it("uses the first two letters of the browser locale", () => {
    expect(detectLang(null, ["de-AT", "en"], "en")).toBe("de");
    expect(detectLang(null, ["pt-BR"], "en")).toBe("pt");
  });

  it("maps ja to jp and zh to tc", () => {
    expect(detectLang(null, ["ja-JP"], "en")).toBe("jp");
    expect(detectLang(null, ["zh-CN"], "en")).toBe("tc");
    expect(detectLang(null, ["zh-Hant-TW"], "en")).toBe("tc");
  });

  it("skips unsupported locales and falls back", () => {
    expect(detectLang(null, ["ru-RU", "fr-CA"], "en")).toBe("fr");
    expect(detectLang(null, ["ru-RU"], "en")).toBe("en");
    expect(detectLang(null, ["ru-RU"], fallbackLang("ko"))).toBe("ko");
  });

  it("prefers the stored choice and ignores a stored value it does not support", () => {
    expect(detectLang("vi", ["de-DE"], "en")).toBe("vi");
    expect(detectLang("xx", ["de-DE"], "en")).toBe("de");
  });

  it("only accepts a supported build fallback", () => {
    expect(fallbackLang(undefined)).toBe("en");
    expect(fallbackLang("ko")).toBe("ko");
    expect(fallbackLang("ru")).toBe("en");
  });
});
