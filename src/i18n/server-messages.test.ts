import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "../locales/en/messages.po";
import { messages as jp } from "../locales/jp/messages.po";
import { translateServerMessage } from "./server-messages";

describe("server messages", () => {
  it("shows the seed's order message in Japanese when the language is jp", () => {
    const i18n = setupI18n({ locale: "jp", messages: { jp } });
    expect(translateServerMessage(i18n, "Please complete the previous order first")).toBe(
      "前の注文を先に完了してください",
    );
  });

  it("translates the subscription's invalid address message", () => {
    const i18n = setupI18n({ locale: "jp", messages: { jp } });
    const shown = translateServerMessage(i18n, "Please enter a valid email address");
    expect(shown).not.toBe("Please enter a valid email address");
    expect(shown).toMatch(/メール/);
  });

  it("keeps English in English and passes unknown messages through unchanged", () => {
    const i18n = setupI18n({ locale: "en", messages: { en } });
    expect(translateServerMessage(i18n, "Please complete the previous order first")).toBe(
      "Please complete the previous order first",
    );
    expect(translateServerMessage(i18n, "Some new server message")).toBe("Some new server message");
  });
});
