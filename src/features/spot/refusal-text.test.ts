import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { spotRefusalText } from "../../../protocol/spot-refusals";
import { messages as de } from "../../locales/de/messages.po";
import { messages as en } from "../../locales/en/messages.po";
import { messages as jp } from "../../locales/jp/messages.po";
import { refusalText } from "./refusal-text";

const slippage = spotRefusalText({
  kind: "beyond-slippage",
  side: "bid",
  average: "60000.00",
  worsePercent: "10.77",
  best: "67250.00",
  capPercent: "5.00",
});

describe("refusalText", () => {
  it("says a thin book in Japanese, with the quantities formatted", () => {
    const i18n = setupI18n({ locale: "jp", messages: { jp } });
    const thin = spotRefusalText({
      kind: "book-too-thin",
      base: "BTC",
      side: "ask",
      held: "1200.5",
      needed: "1500",
    });
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

  it("keeps the meaning in English, and passes a sentence it does not know through", () => {
    const i18n = setupI18n({ locale: "en", messages: { en } });
    expect(refusalText(i18n, slippage)).toBe(
      "The average price 60,000.00 would be 10.77% below the best bid 67,250.00; market orders fill only within 5% of the best price.",
    );
    expect(refusalText(i18n, "Some new server reason")).toBe("Some new server reason");
  });
});
