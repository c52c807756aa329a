import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as de } from "../../locales/de/messages.po";
import { messages as en } from "../../locales/en/messages.po";
import { messages as jp } from "../../locales/jp/messages.po";
import { messages as th } from "../../locales/th/messages.po";
import { freshnessDate, freshnessText } from "./freshness-text";

const english = setupI18n({ locale: "en", messages: { en } });
const german = setupI18n({ locale: "de", messages: { de } });
const now = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe("freshnessText", () => {
  it("says how long ago the data was confirmed, in steps", () => {
    expect(freshnessText(english, ago(10_000), now, false)).toBe("Updated just now");
    expect(freshnessText(english, ago(2 * 60_000), now, false)).toBe("Updated 2 minutes ago");
    expect(freshnessText(english, ago(3 * 3_600_000), now, false)).toBe("Updated 3 hours ago");
    expect(freshnessText(english, ago(3 * 86_400_000), now, false)).toBe("Updated 3 days ago");
  });

  it("says offline, and how old the last update is", () => {
    expect(freshnessText(english, ago(5 * 60_000), now, true)).toBe(
      "Offline — last updated 5 minutes ago",
    );
  });

  it("is honest about data never downloaded", () => {
    expect(freshnessText(english, null, now, false)).toBe("Waiting for the first update…");
    expect(freshnessText(english, null, now, true)).toBe("Offline — nothing downloaded yet");
    // An unreadable time counts as never: it must not read "Updated just now".
    expect(freshnessText(english, "yesterday", now, false)).toBe("Waiting for the first update…");
  });

  it("speaks the reader's language, numbers included", () => {
    const text = freshnessText(german, ago(2 * 60_000), now, false);
    expect(text).toContain("vor 2 Minuten");
    expect(text).not.toContain("Updated");
    expect(freshnessText(german, ago(2 * 60_000), now, true)).not.toContain("Offline — last");
  });
});

describe("freshnessDate", () => {
  it("reads ISO times with an offset and refuses anything else", () => {
    expect(freshnessDate("2026-11-22T12:00:00.000Z")?.toISOString()).toBe(
      "2026-11-22T12:00:00.000Z",
    );
    expect(freshnessDate("")).toBeNull();
    expect(freshnessDate(null)).toBeNull();
    expect(freshnessDate("not a time")).toBeNull();
  });

  it("says 'just now' as a sentence of its own in each language", () => {
    const japanese = setupI18n({ locale: "jp", messages: { jp } });
    const thai = setupI18n({ locale: "th", messages: { th } });
    expect(freshnessText(japanese, ago(10_000), now, false)).toBe("たった今更新");
    expect(freshnessText(thai, ago(10_000), now, false)).toBe("อัปเดตเมื่อสักครู่");
    expect(freshnessText(thai, ago(10_000), now, true)).not.toContain("เมื่อ เมื่อ");
    expect(freshnessText(english, ago(10_000), now, true)).toBe("Offline — last updated just now");
  });
});
