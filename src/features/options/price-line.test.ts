import { beforeEach, describe, expect, it } from "vitest";
import type { CandleRow } from "../../db/queries/market";
import { forgetReceivedLines, priceLine, receivedLine, receiveTicker } from "./price-line";

const candle = (openTime: string, c: string): CandleRow => ({
  symbol: "BTC/USDT",
  interval: "1m",
  openTime,
  o: c,
  h: c,
  l: c,
  c,
  v: "1",
});

describe("the options chart's price line", () => {
  beforeEach(forgetReceivedLines);

  it("adds each ticker's last price once per tick time, per symbol", () => {
    const tick = (ts: string, last: string) => ({ symbol: "BTC/USDT", ts, last });
    receiveTicker(tick("2026-01-01T00:03:00.000Z", "10"));
    receiveTicker(tick("2026-01-01T00:03:00.000Z", "10"));
    // An older row (another tab's late write) does not go back in time.
    receiveTicker(tick("2026-01-01T00:02:59.000Z", "9"));
    const line = receiveTicker(tick("2026-01-01T00:03:01.000Z", "11"));
    expect(line.map((p) => p.price)).toEqual(["10", "11"]);
    expect(receivedLine("ETH/USDT")).toEqual([]);
  });

  it("puts the finished minute closes before the received prices", () => {
    const live = [{ at: Date.parse("2026-01-01T00:02:30.000Z"), price: "12" }];
    const candles = [
      candle("2026-01-01T00:00:00.000Z", "10"),
      candle("2026-01-01T00:01:00.000Z", "11"),
      // Still moving: left out.
      candle("2026-01-01T00:02:00.000Z", "12"),
    ];
    expect(priceLine(candles, live).map((p) => [new Date(p.at).toISOString(), p.price])).toEqual([
      ["2026-01-01T00:01:00.000Z", "10"],
      ["2026-01-01T00:02:00.000Z", "11"],
      ["2026-01-01T00:02:30.000Z", "12"],
    ]);
  });
});
