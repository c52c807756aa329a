// The spot block of the refusal table: a rejected order's reason worded from its code and params,
// with the numbers formatted for the locale.
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as de } from "../locales/de/messages.po";
import { messages as en } from "../locales/en/messages.po";
import { messages as jp } from "../locales/jp/messages.po";
import { refusalText } from "./refusal-text";

const slippage = {
  code: "SLIPPAGE_EXCEEDED",
  params: {
    side: "bid",
    average: "60000.00",
    worsePercent: "10.77",
    best: "67250.00",
    capPercent: "5.00",
  },
} as const;

describe("spot refusals", () => {
  it("says a thin book in Japanese, with the quantities formatted", () => {
    const i18n = setupI18n({ locale: "jp", messages: { jp } });
    const thin = {
      code: "BOOK_TOO_THIN",
      params: { base: "BTC", side: "ask", held: "1200.5", needed: "1500" },
    } as const;
    expect(refusalText(i18n, thin)).toContain("1,200.5");
    expect(refusalText(i18n, thin)).not.toBe(
      refusalText(setupI18n({ locale: "en", messages: { en } }), thin),
    );
  });

  it("writes prices and percentages the German way", () => {
    const i18n = setupI18n({ locale: "de", messages: { de } });
    const text = refusalText(i18n, slippage);
    expect(text).toContain("60.000,00");
    expect(text).toMatch(/10,77\s%/); // Intl puts a no-break space before the sign
    expect(text).toMatch(/ 5\s% um/);
    expect(text).toMatch(/^Der Durchschnittspreis/);
  });

  it("keeps the meaning in English, and names an empty side", () => {
    const i18n = setupI18n({ locale: "en", messages: { en } });
    expect(refusalText(i18n, slippage)).toBe(
      "The average price 60,000.00 would be 10.77% below the best bid 67,250.00; market orders fill only within 5% of the best price.",
    );
    expect(
      refusalText(i18n, { code: "BOOK_EMPTY", params: { symbol: "BTC/USDT", side: "ask" } }),
    ).toBe("Nobody is selling BTC/USDT right now: the order book has no asks.");
  });
});
