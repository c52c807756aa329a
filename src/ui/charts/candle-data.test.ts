import { describe, expect, it } from "vitest";
import {
  alignedData,
  candleColumns,
  fractionDigits,
  inferPriceScale,
  type CandleInput,
} from "./candle-data";

const candle = (openTime: string, o: string, h: string, l: string, c: string, v = "1") => ({
  openTime,
  o,
  h,
  l,
  c,
  v,
});

describe("candleColumns", () => {
  it("turns candles into plotting columns in Unix seconds, oldest first", () => {
    const cols = candleColumns([
      candle("2025-03-05T14:30:00.000Z", "100.5", "101", "99.25", "100", "12.5"),
      candle("2025-03-05T14:31:00.000Z", "100", "102", "100", "101.75", "3"),
    ]);
    expect(cols.time).toEqual([1741185000, 1741185060]);
    expect(cols.open).toEqual([100.5, 100]);
    expect(cols.high).toEqual([101, 102]);
    expect(cols.low).toEqual([99.25, 100]);
    expect(cols.close).toEqual([100, 101.75]);
    expect(cols.volume).toEqual([12.5, 3]);
    expect(cols.rising).toEqual([false, true]);
    expect(alignedData(cols)).toEqual([
      cols.time,
      cols.open,
      cols.high,
      cols.low,
      cols.close,
      cols.volume,
    ]);
  });

  it("decides rise and fall on the decimal strings, not on rounded doubles", () => {
    // Both round to the same double (2^53); only the strings tell them apart.
    const cols = candleColumns([
      candle(
        "2025-03-05T14:30:00Z",
        "9007199254740993",
        "9007199254740993",
        "1",
        "9007199254740992",
      ),
      candle("2025-03-05T14:31:00Z", "0.10", "0.1", "0.1", "0.1"),
    ]);
    expect(cols.open[0]).toBe(cols.close[0]);
    expect(cols.rising).toEqual([false, true]);
  });

  it("rejects prices that are not decimal strings, naming the candle and field", () => {
    expect(() => candleColumns([candle("2025-03-05T14:30:00Z", "1e3", "1", "1", "1")])).toThrow(
      /candle 0: o is not a decimal string/,
    );
    expect(() =>
      candleColumns([candle("2025-03-05T14:30:00Z", "1", "1", "1", "1", "NaN")]),
    ).toThrow(TypeError);
  });

  it("rejects candles out of order or repeated, and unreadable times", () => {
    const a = candle("2025-03-05T14:31:00Z", "1", "1", "1", "1");
    const b = candle("2025-03-05T14:30:00Z", "1", "1", "1", "1");
    expect(() => candleColumns([a, b])).toThrow(RangeError);
    expect(() => candleColumns([a, a])).toThrow(/not after the one before it/);
    expect(() => candleColumns([candle("yesterday", "1", "1", "1", "1")])).toThrow(RangeError);
  });

  it("gives empty columns for no candles", () => {
    expect(candleColumns([]).time).toEqual([]);
  });
});

describe("inferPriceScale", () => {
  it("takes the most decimals any price is written with (trailing zeros are trimmed on the wire)", () => {
    const rows: CandleInput[] = [
      candle("2025-03-05T14:30:00Z", "65000.5", "65001", "64999.25", "65000", "0.123456"),
      candle("2025-03-05T14:31:00Z", "65000", "65002.1", "65000", "65001.01"),
    ];
    // Volume decimals do not count: they are the quantity scale.
    expect(inferPriceScale(rows)).toBe(2);
    expect(inferPriceScale([])).toBe(0);
    expect(fractionDigits("7")).toBe(0);
    expect(fractionDigits("0.000123")).toBe(6);
  });
});
