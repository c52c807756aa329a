import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as de } from "../../locales/de/messages.po";
import { validateEmail } from "./validate-email";

function errorOf(input: string): string | null {
  const result = validateEmail(input);
  return result.ok ? null : i18n._(result.error);
}

describe("validateEmail", () => {
  beforeAll(() => i18n.load({ en, de }));

  it("accepts ordinary addresses and trims them", () => {
    i18n.activate("en");
    expect(validateEmail("ada@example.org")).toEqual({ ok: true, email: "ada@example.org" });
    expect(validateEmail("  first.last+news@mail.example.co.uk ")).toEqual({
      ok: true,
      email: "first.last+news@mail.example.co.uk",
    });
    expect(validateEmail("Ada.Lovelace@Example.ORG").ok).toBe(true);
    expect(validateEmail("o'brien_1@sub-domain.example.io").ok).toBe(true);
  });

  it("asks for an address when the field is empty", () => {
    i18n.activate("en");
    expect(errorOf("   ")).toBe("Enter your e-mail address.");
  });

  it.each([
    "ada",
    "ada@",
    "@example.org",
    "ada@example",
    "ada@@example.org",
    "ada@exa mple.org",
    "a da@example.org",
    "ada@example..org",
    "ada@.example.org",
    "ada@example.org.",
    "ada@exam\nple.org",
    "ada\u0000@example.org",
    ".ada@example.org",
    "ada.@example.org",
    "a..da@example.org",
    "ada@-example.org",
    "ada@example-.org",
    "ada@example.c",
    "ada@example.123",
    "ada@127.0.0.1",
    "用户@例子.公司",
    "ada@exämple.org",
    `${"a".repeat(65)}@example.org`,
  ])("refuses %j", (input) => {
    i18n.activate("en");
    expect(errorOf(input)).toBe("Please enter a valid email address");
  });

  it("refuses an address longer than the protocol allows", () => {
    i18n.activate("en");
    const label = "b".repeat(61);
    const long = `${"a".repeat(64)}@${label}.${label}.${label}.org`;
    expect(long.length).toBe(254);
    expect(validateEmail(long).ok).toBe(true);
    expect(errorOf(`a${long}`)).toBe("Please enter a valid email address");
  });

  it("says it in the reader's language", () => {
    i18n.activate("de");
    expect(errorOf("nope")).not.toBe("Please enter a valid email address");
    expect(errorOf("nope")).not.toBe("");
  });
});
