import { describe, expect, it } from "vitest";
import { legendTime, priceAxisDecimals, priceAxisLabels, timeAxisLabels } from "./axis-labels";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("timeAxisLabels", () => {
  it("shows times, with the date under the first tick and where the day changes", () => {
    const ticks = [
      at("2025-03-05T22:00:00Z"),
      at("2025-03-05T23:00:00Z"),
      at("2025-03-06T00:00:00Z"),
    ];
    expect(timeAxisLabels(ticks, 3600, "de", "UTC")).toEqual([
      "22:00\n5. März",
      "23:00",
      "00:00\n6. März",
    ]);
    // English writes a 12-hour clock.
    expect(timeAxisLabels(ticks, 3600, "en", "UTC").map((l) => l.replace(/\s/g, " "))).toEqual([
      "10:00 PM Mar 5",
      "11:00 PM",
      "12:00 AM Mar 6",
    ]);
  });

  it("uses the user's zone: the same instants fall on other days in Tokyo", () => {
    const ticks = [at("2025-03-05T14:00:00Z"), at("2025-03-05T15:00:00Z")];
    // 23:00 and 00:00 the next day in Tokyo (UTC+9).
    const labels = timeAxisLabels(ticks, 3600, "de", "Asia/Tokyo");
    expect(labels).toEqual(["23:00\n5. März", "00:00\n6. März"]);
  });

  it("shows dates alone for steps of a day or more, in the user's language", () => {
    const ticks = [at("2025-03-05T00:00:00Z"), at("2025-03-06T00:00:00Z")];
    expect(timeAxisLabels(ticks, 86_400, "en", "UTC")).toEqual(["Mar 5", "Mar 6"]);
    expect(timeAxisLabels(ticks, 86_400, "de", "UTC")).toEqual(["5. März", "6. März"]);
  });

  it("leaves filtered-out ticks blank", () => {
    expect(timeAxisLabels([null, at("2025-03-05T10:00:00Z")], 3600, "de", "UTC")).toEqual([
      "",
      "10:00\n5. März",
    ]);
  });
});

describe("priceAxisDecimals", () => {
  it("shows as many decimals as the tick step needs, at most the price scale", () => {
    expect(priceAxisDecimals(500, 2)).toBe(0);
    expect(priceAxisDecimals(0.5, 2)).toBe(1);
    expect(priceAxisDecimals(0.1, 2)).toBe(1);
    expect(priceAxisDecimals(0.25, 2)).toBe(2);
    expect(priceAxisDecimals(0.0005, 6)).toBe(4);
    expect(priceAxisDecimals(0.0000001, 4)).toBe(4);
    expect(priceAxisDecimals(0, 3)).toBe(3);
  });
});

describe("priceAxisLabels", () => {
  it("formats ticks with the locale's separators", () => {
    expect(priceAxisLabels([65000, 65500, null], 500, 2, "en")).toEqual(["65,000", "65,500", ""]);
    expect(priceAxisLabels([0.1234, 0.1239], 0.0005, 4, "de")).toEqual(["0,1234", "0,1239"]);
  });
});

describe("legendTime", () => {
  it("shows date and time in the given zone", () => {
    const date = new Date("2025-03-05T14:30:00Z");
    expect(legendTime(date, "en", "UTC").replace(/\s/g, " ")).toBe("Mar 5, 2025, 2:30 PM");
  });
});
