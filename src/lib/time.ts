// Server times in, localised text out. The server sends ISO-8601 with an offset; older records
// carry none and were written in the original backend's zone, UTC+8 (DESIGN.md section 7).
import { badTime, invalidDate } from "./errors";
import { intlLocale } from "./intl-locale";

/** Offset applied to server times that carry none: UTC+8, in minutes. */
export const SERVER_OFFSET_MINUTES = 8 * 60;

// Date, then optionally a time ("T" or a space), then optionally "Z" or ±hh[[:]mm].
// Written out rather than handed to Date.parse, whose reading of offset-less strings differs
// between date-only (UTC) and date-time (local) forms and across engines.
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined) return SERVER_OFFSET_MINUTES;
  if (zone.toUpperCase() === "Z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || "0");
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * "2024-05-01T12:00:00+02:00" and "...Z" are read as written; "2024-05-01 12:00:00",
 * "2024-05-01T12:00" and "2024-05-01" (no offset) are read as UTC+8. Anything else, including
 * impossible dates such as February 30, throws a RangeError.
 */
export function parseServerTime(s: string): Date {
  const m = ISO.exec(s);
  if (!m) throw badTime(s);
  const part = (i: number): number => Number(m[i] ?? 0);
  const [year, month, day, hour, minute, second] = [
    part(1),
    part(2),
    part(3),
    part(4),
    part(5),
    part(6),
  ];
  const offset = offsetMinutes(m[8]);
  const valid =
    offset !== undefined &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59;
  if (!valid) throw badTime(s);
  // Date keeps milliseconds only; further fraction digits are dropped (toward the earlier time).
  const millis = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not turn years 0-99 into 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  return new Date(date.getTime() - offset * MINUTE);
}

const STYLE_OR_FIELD = [
  "dateStyle",
  "timeStyle",
  "weekday",
  "era",
  "year",
  "month",
  "day",
  "dayPeriod",
  "hour",
  "minute",
  "second",
  "fractionalSecondDigits",
  "timeZoneName",
] as const;

// Building an Intl formatter costs far more than using one, and lists format hundreds of rows.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `date` in the user's time zone (or `options.timeZone`), in the app language `locale`
 * ("jp", "tc", "en", ...). Without date or time fields in `options` it shows a medium date and a
 * time with seconds, since option orders run for seconds.
 */
export function formatDateTime(
  date: Date,
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): string {
  if (Number.isNaN(date.getTime())) throw invalidDate("date");
  const chosen = STYLE_OR_FIELD.some((key) => options[key] !== undefined);
  // Intl throws when a style is mixed with single fields, so defaults apply only when none is set.
  const resolved: Intl.DateTimeFormatOptions = chosen
    ? options
    : { dateStyle: "medium", timeStyle: "medium", ...options };
  const tag = intlLocale(locale);
  const key = `${tag}|${JSON.stringify(resolved)}`;
  let format = dateFormats.get(key);
  if (!format) {
    if (dateFormats.size >= 100) dateFormats.clear();
    format = new Intl.DateTimeFormat(tag, resolved);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * "3 minutes ago" / "in 3 minutes" in the app language `locale`. Under 30 s either way it returns
 * `justNow`, already translated by the caller (Intl has no such phrase). Then whole minutes
 * (at least 1), whole hours, "1 day" below 2 days, and whole days beyond, never "yesterday":
 * the product rule counts days, and numeric "always" keeps every language consistent.
 */
/** Closer than this to now is "just now" (relativeTime answers its `justNow` text). */
export const JUST_NOW_MS = 30_000;

export function relativeTime(then: Date, now: Date, locale: string, justNow: string): string {
  if (Number.isNaN(then.getTime())) throw invalidDate("then");
  if (Number.isNaN(now.getTime())) throw invalidDate("now");
  const elapsed = now.getTime() - then.getTime();
  const size = Math.abs(elapsed);
  if (size < JUST_NOW_MS) return justNow;
  // Past times count backwards (negative), future ones forwards.
  const sign = elapsed > 0 ? -1 : 1;
  const tag = intlLocale(locale);
  let rtf = relativeFormats.get(tag);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(tag, { numeric: "always" });
    relativeFormats.set(tag, rtf);
  }
  if (size < HOUR) return rtf.format(sign * Math.max(1, Math.floor(size / MINUTE)), "minute");
  if (size < DAY) return rtf.format(sign * Math.floor(size / HOUR), "hour");
  if (size < 2 * DAY) return rtf.format(sign, "day");
  return rtf.format(sign * Math.floor(size / DAY), "day");
}
