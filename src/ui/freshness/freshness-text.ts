// The words of a freshness line: how long ago the device last confirmed its data with the
// server, and whether it is offline now (DESIGN §3: "updated 2 min ago", "offline — last known").
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { JUST_NOW_MS, parseServerTime, relativeTime } from "../../lib/time";

/** `at` as a Date, or null when absent or unreadable (then the data counts as never updated). */
export function freshnessDate(at: string | null): Date | null {
  if (at === null || at === "") return null;
  try {
    return parseServerTime(at);
  } catch {
    return null;
  }
}

export function freshnessText(i18n: I18n, at: string | null, now: Date, offline: boolean): string {
  const date = freshnessDate(at);
  if (date === null) {
    return offline
      ? i18n._(msg`Offline — nothing downloaded yet`)
      : i18n._(msg`Waiting for the first update…`);
  }
  // "Just now" is a sentence of its own in every language: put into "Updated {ago}" it read
  // "たった今に更新" or "อัปเดตเมื่อ เมื่อสักครู่".
  if (Math.abs(now.getTime() - date.getTime()) < JUST_NOW_MS) {
    return offline ? i18n._(msg`Offline — last updated just now`) : i18n._(msg`Updated just now`);
  }
  const ago = relativeTime(date, now, i18n.locale, i18n._(msg`just now`));
  return offline ? i18n._(msg`Offline — last updated ${ago}`) : i18n._(msg`Updated ${ago}`);
}
