import { describe, expect, it } from "vitest";
import { daysBefore, startOfDay, sumIncomePeriods } from "./income-periods";

describe("startOfDay", () => {
  it("is the zone's midnight as an instant", () => {
    expect(startOfDay("UTC", "2026-03-02").toISOString()).toBe("2026-03-02T00:00:00.000Z");
    expect(startOfDay("Asia/Tokyo", "2026-03-02").toISOString()).toBe("2026-03-01T15:00:00.000Z");
    expect(startOfDay("Asia/Kolkata", "2026-03-02").toISOString()).toBe("2026-03-01T18:30:00.000Z");
  });
  it("follows a DST change, and a midnight the clock skipped is the first minute that exists", () => {
    // New York: EST (−5) until 8 March 2026, EDT (−4) after.
    expect(startOfDay("America/New_York", "2026-03-08").toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    expect(startOfDay("America/New_York", "2026-03-09").toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
    // Santiago moves its clocks at midnight: on 6 September 2026 the day starts at 01:00 (−3).
    expect(startOfDay("America/Santiago", "2026-09-06").toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
  });
});

describe("sumIncomePeriods", () => {
  const at = (iso: string, amount: bigint) => ({ amount, at: new Date(iso) });
  const now = new Date("2026-03-10T12:00:00Z");

  it("puts each amount in the periods its calendar day in the zone belongs to", () => {
    const amounts = [
      at("2026-03-10T01:00:00Z", 1n), // today
      at("2026-03-09T23:59:59Z", 2n), // yesterday in UTC, today in Tokyo
      at("2026-03-04T00:00:00Z", 4n), // the 7th day back, today included
      at("2026-03-03T23:00:00Z", 8n), // the 8th day back in UTC, the 7th in Tokyo
      at("2026-02-09T00:00:00Z", 16n), // the 30th day back
      at("2026-02-08T12:00:00Z", 32n), // older
      at("2026-03-11T12:00:00Z", 64n), // after today: total only
    ];
    expect(sumIncomePeriods(amounts, "UTC", now)).toEqual({
      today: 1n,
      yesterday: 2n,
      d7: 1n + 2n + 4n,
      d30: 1n + 2n + 4n + 8n + 16n,
      total: 127n,
    });
    expect(sumIncomePeriods(amounts, "Asia/Tokyo", now)).toEqual({
      today: 1n + 2n,
      yesterday: 0n,
      d7: 1n + 2n + 4n + 8n,
      d30: 1n + 2n + 4n + 8n + 16n,
      total: 127n,
    });
  });

  it("steps back over month ends", () => {
    expect(daysBefore("2026-03-01", 1)).toBe("2026-02-28");
    expect(daysBefore("2026-03-01", 29)).toBe("2026-01-31");
    expect(daysBefore("2026-12-31", -1)).toBe("2027-01-01");
  });
});
