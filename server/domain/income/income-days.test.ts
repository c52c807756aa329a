import { describe, expect, it } from "vitest";
import { dayBefore, dayIn, isTimeZone, sumIncomeDays } from "./income-days";

describe("isTimeZone", () => {
  it("accepts IANA zone names and UTC", () => {
    for (const zone of ["UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Asia/Tokyo"]) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
  });
  it("refuses what is not a zone", () => {
    for (const zone of ["", "Mars/Olympus", "Europe/Berlin; DROP", "x".repeat(65), "../etc"]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });
});

describe("days in a time zone", () => {
  it("puts one instant on different calendar days in different zones", () => {
    const at = new Date("2026-03-01T23:30:00Z");
    expect(dayIn("UTC", at)).toBe("2026-03-01");
    expect(dayIn("Asia/Tokyo", at)).toBe("2026-03-02");
    expect(dayIn("America/New_York", at)).toBe("2026-03-01");
  });
  it("steps back over month and year ends", () => {
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    expect(dayBefore("2026-01-01")).toBe("2025-12-31");
  });
});

describe("sumIncomeDays", () => {
  const now = new Date("2026-03-02T16:00:00Z"); // Tokyo 3 Mar 01:00 · UTC 2 Mar · LA 2 Mar 08:00
  const amounts = [
    { amount: 5n, at: new Date("2026-03-02T15:30:00Z") }, // Tokyo 3 Mar · UTC 2 Mar · LA 2 Mar 07:30 (today)
    { amount: -2n, at: new Date("2026-03-02T01:00:00Z") }, // Tokyo 2 Mar · UTC 2 Mar · LA 1 Mar 17:00
    { amount: 7n, at: new Date("2026-02-20T12:00:00Z") }, // long ago everywhere
  ];

  it("counts today and yesterday on the user's calendar, total over all time", () => {
    expect(sumIncomeDays(amounts, "Asia/Tokyo", now)).toEqual({
      today: 5n,
      yesterday: -2n,
      total: 10n,
    });
    expect(sumIncomeDays(amounts, "UTC", now)).toEqual({ today: 3n, yesterday: 0n, total: 10n });
    expect(sumIncomeDays(amounts, "America/Los_Angeles", now)).toEqual({
      today: 5n,
      yesterday: -2n,
      total: 10n,
    });
  });

  it("is zero with nothing to count", () => {
    expect(sumIncomeDays([], "UTC", now)).toEqual({ today: 0n, yesterday: 0n, total: 0n });
  });
});
