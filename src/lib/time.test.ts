import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDateTime, parseServerTime, relativeTime } from "./time";

const iso = (s: string) => parseServerTime(s).toISOString();

describe("parseServerTime", () => {
  it("reads an explicit offset or Z as written", () => {
    expect(iso("2024-05-01T12:00:00Z")).toBe("2024-05-01T12:00:00.000Z");
    expect(iso("2024-05-01T12:00:00z")).toBe("2024-05-01T12:00:00.000Z");
    expect(iso("2024-05-01T12:00:00+02:00")).toBe("2024-05-01T10:00:00.000Z");
    expect(iso("2024-05-01T12:00:00-0530")).toBe("2024-05-01T17:30:00.000Z");
    expect(iso("2024-05-01T12:00:00+09")).toBe("2024-05-01T03:00:00.000Z");
    expect(iso("2024-05-01T12:00:00.123456+00:00")).toBe("2024-05-01T12:00:00.123Z");
  });

  it("reads a time without offset as UTC+8", () => {
    expect(iso("2024-05-01 12:00:00")).toBe("2024-05-01T04:00:00.000Z");
    expect(iso("2024-05-01T12:00:00")).toBe("2024-05-01T04:00:00.000Z");
    expect(iso("2024-05-01T12:00")).toBe("2024-05-01T04:00:00.000Z");
    expect(iso("2024-05-01 03:00:00.5")).toBe("2024-04-30T19:00:00.500Z");
    expect(iso("2024-05-01")).toBe("2024-04-30T16:00:00.000Z");
  });

  it("handles leap days and crossing a year backwards", () => {
    expect(iso("2024-02-29 23:59:59")).toBe("2024-02-29T15:59:59.000Z");
    expect(iso("2025-01-01 07:59:59")).toBe("2024-12-31T23:59:59.000Z");
    expect(iso("0050-01-01T00:00:00Z")).toBe("0050-01-01T00:00:00.000Z");
  });

  it.each([
    "",
    "2024-05-01T12:00:00 Z",
    "2024-5-1 12:00:00",
    "2024-02-30 00:00:00",
    "2023-02-29",
    "2024-13-01",
    "2024-05-01 24:00:00",
    "2024-05-01 12:60:00",
    "2024-05-01 12:00:60",
    "2024-05-01T12:00:00+24:00",
    "2024-05-01Z",
    "1714560000",
    "May 1, 2024",
    " 2024-05-01",
  ])("throws a RangeError for %j", (s) => {
    expect(() => parseServerTime(s)).toThrow(RangeError);
  });

  it("agrees with Date for every well-formed Z time", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (d) => {
          const text = d.toISOString();
          expect(parseServerTime(text).getTime()).toBe(d.getTime());
          // The same wall time without offset lands 8 hours earlier.
          const local = text.slice(0, -1).replace("T", " ");
          expect(parseServerTime(local).getTime()).toBe(d.getTime() - 8 * 3_600_000);
        },
      ),
    );
  });
});

describe("formatDateTime", () => {
  const date = parseServerTime("2024-05-01 12:34:56"); // 04:34:56 UTC

  it("formats in the given time zone with explicit fields", () => {
    const fields: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    };
    expect(formatDateTime(date, "en", { ...fields, timeZone: "UTC" })).toBe("05/01/2024, 04:34");
    expect(formatDateTime(date, "de", { ...fields, timeZone: "Asia/Shanghai" })).toBe(
      "01.05.2024, 12:34",
    );
  });

  it("maps app codes and defaults to a medium date with seconds", () => {
    expect(formatDateTime(date, "jp", { timeZone: "Asia/Tokyo" })).toBe("2024/05/01 13:34:56");
    expect(formatDateTime(date, "tc", { timeZone: "Asia/Kolkata" })).toBe(
      "2024年5月1日 上午10:04:56",
    );
    // ICU versions differ on a narrow no-break space before AM; the words are what matter here.
    expect(formatDateTime(date, "en", { timeZone: "UTC" }).replace(/\s/g, " ")).toBe(
      "May 1, 2024, 4:34:56 AM",
    );
  });

  it("formats in the user's zone when none is given", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatDateTime(date, "en")).toBe(formatDateTime(date, "en", { timeZone: zone }));
  });

  it("throws on an invalid date", () => {
    expect(() => formatDateTime(new Date(Number.NaN), "en")).toThrow(RangeError);
  });
});

describe("relativeTime", () => {
  const now = new Date("2024-05-01T12:00:00Z");
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now, "en", "just now!");
  const s = 1000;
  const min = 60 * s;
  const h = 60 * min;
  const day = 24 * h;

  it("follows the product steps", () => {
    expect(ago(0)).toBe("just now!");
    expect(ago(29_999)).toBe("just now!");
    expect(ago(30 * s)).toBe("1 minute ago");
    expect(ago(59 * min + 59 * s)).toBe("59 minutes ago");
    expect(ago(h)).toBe("1 hour ago");
    expect(ago(23 * h + 59 * min)).toBe("23 hours ago");
    expect(ago(day)).toBe("1 day ago");
    expect(ago(2 * day - 1)).toBe("1 day ago");
    expect(ago(2 * day)).toBe("2 days ago");
    expect(ago(400 * day)).toBe("400 days ago");
  });

  it("speaks of the future forwards", () => {
    expect(ago(-10 * s)).toBe("just now!");
    expect(ago(-5 * min)).toBe("in 5 minutes");
    expect(ago(-3 * day)).toBe("in 3 days");
  });

  it("localises with the app codes", () => {
    const then = new Date(now.getTime() - 5 * min);
    expect(relativeTime(then, now, "jp", "たった今")).toBe("5 分前");
    expect(relativeTime(then, now, "tc", "剛剛")).toBe("5 分鐘前");
    expect(relativeTime(new Date(now.getTime() - day), now, "de", "gerade eben")).toBe("vor 1 Tag");
    expect(relativeTime(now, now, "de", "gerade eben")).toBe("gerade eben");
  });

  it("throws on an invalid date", () => {
    expect(() => relativeTime(new Date(Number.NaN), now, "en", "now")).toThrow(RangeError);
  });
});
