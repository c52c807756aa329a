import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../protocol";
import { messages as de } from "../locales/de/messages.po";
import { messages as en } from "../locales/en/messages.po";
import { messages as jp } from "../locales/jp/messages.po";
import { APP_ERROR_CODES, isRefusal, isWordedCode, refusalText } from "./refusal-text";

const english = setupI18n({ locale: "en", messages: { en } });
const japanese = setupI18n({ locale: "jp", messages: { jp } });
const german = setupI18n({ locale: "de", messages: { de } });

describe("refusalText", () => {
  it("has a wording of its own for every code the server or the app can raise", () => {
    const generic = refusalText(english, { code: "SOME_NEW_CODE", params: {} });
    for (const code of [...ERROR_CODES, ...APP_ERROR_CODES]) {
      expect(isWordedCode(code), code).toBe(true);
      const text = refusalText(english, { code, params: {} });
      expect(text, code).not.toBe("");
      expect(text, code).not.toBe(generic.replace("SOME_NEW_CODE", code));
    }
  });

  it("words a refusal from its params in the user's language, amounts formatted", () => {
    const refusal = {
      code: "INSUFFICIENT_BALANCE",
      params: { asset: "USDT", available: "1200.5", needed: "5000" },
    };
    expect(refusalText(english, refusal)).toBe(
      "Insufficient available balance: 1,200.5 USDT available, 5,000 USDT needed.",
    );
    const inGerman = refusalText(german, refusal);
    expect(inGerman).toContain("1.200,5 USDT");
    expect(inGerman).toContain("5.000 USDT");
    expect(inGerman).not.toContain("Insufficient");
  });

  it("says the seed's sentences verbatim in English and in Japanese when asked", () => {
    const open = { code: "PREVIOUS_ORDER_OPEN", params: {} };
    expect(refusalText(english, open)).toBe("Please complete the previous order first");
    expect(refusalText(japanese, open)).toBe("前の注文を先に完了してください");
    const noAmount = { code: "VALIDATION", params: { field: "amount", rule: "required" } };
    expect(refusalText(english, noAmount)).toBe("Please enter the amount");
  });

  it("names the field and the limit of a VALIDATION refusal", () => {
    const text = refusalText(japanese, {
      code: "VALIDATION",
      params: { field: "amount", rule: "decimals", limit: "6" },
    });
    expect(text).toContain("amount");
    expect(text).toContain("6");
    expect(text).not.toContain("decimal");
    expect(
      refusalText(japanese, { code: "VALIDATION", params: { field: "email", rule: "format" } }),
    ).toMatch(/メール/);
  });

  it("words a minimum with its asset, and an unknown code without the server's English", () => {
    expect(
      refusalText(english, { code: "BELOW_MINIMUM", params: { asset: "USDT", minimum: "10" } }),
    ).toBe("Not less than the minimum amount: at least 10 USDT.");
    expect(refusalText(english, { code: "SOME_NEW_CODE", params: {} })).toContain("SOME_NEW_CODE");
  });

  it("tells refusals from other errors", () => {
    expect(isRefusal({ code: "NOT_FOUND", params: {} })).toBe(true);
    expect(isRefusal(new Error("boom"))).toBe(false);
    expect(isRefusal({ code: "ENOENT", params: {} })).toBe(false);
  });
});
