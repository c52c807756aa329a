import { describe, expect, it } from "vitest";
import { ticker } from "../testing/market-fixtures";
import { parseDataFrame, parseDepthFrame, parseKdataFrame } from "./feed-frames";

const TICKER = ticker("BTC/USDT");

const depth = {
  type: "update",
  symbol: "BTC/USDT",
  seq: 3,
  bids: [["67249.50", "0.5"]],
  asks: [["67250.50", "0"]],
  ts: "2026-04-01T10:00:00.000Z",
};
const kdata = {
  type: "snapshot",
  symbol: "ETH/USDT",
  interval: "5m",
  seq: 1,
  candles: [["2026-04-01T10:00:00.000Z", "1", "2", "0.5", "1.5", "10"]],
};

describe("feed frames", () => {
  it("reads the contract's frames", () => {
    expect(parseDataFrame({ type: "tickers", seq: 7, data: [TICKER] })).toEqual({
      type: "tickers",
      seq: 7,
      data: [TICKER],
    });
    expect(parseDepthFrame(depth)).toEqual(depth);
    expect(parseKdataFrame(kdata)).toEqual(kdata);
    expect(parseDepthFrame({ type: "pong" })).toEqual({ type: "pong" });
    expect(parseKdataFrame({ type: "error", code: "VALIDATION", message: "bad symbol" })).toEqual({
      type: "error",
      code: "VALIDATION",
      message: "bad symbol",
    });
  });

  it.each([
    ["not an object", "hello"],
    ["an array", [depth]],
    ["unknown type", { ...depth, type: "delta" }],
    ["seq as a string", { ...depth, seq: "3" }],
    ["negative seq", { ...depth, seq: -1 }],
    ["fractional seq", { ...depth, seq: 1.5 }],
    ["a float price", { ...depth, bids: [[67249.5, "0.5"]] }],
    ["an exponent", { ...depth, bids: [["6.7e4", "0.5"]] }],
    ["a negative quantity", { ...depth, asks: [["67250.50", "-1"]] }],
    ["a level of three", { ...depth, bids: [["1", "2", "3"]] }],
    ["a time without offset", { ...depth, ts: "2026-04-01 10:00:00" }],
    ["a lowercase symbol", { ...depth, symbol: "btc/usdt" }],
    ["no bids", { ...depth, bids: undefined }],
  ])("refuses a depth frame with %s", (_, frame) => {
    expect(parseDepthFrame(frame)).toBeNull();
  });

  it("refuses malformed kdata and tickers frames", () => {
    expect(parseKdataFrame({ ...kdata, interval: "2m" })).toBeNull();
    expect(
      parseKdataFrame({ ...kdata, candles: [["2026-04-01T10:00:00.000Z", "1", "2"]] }),
    ).toBeNull();
    expect(
      parseKdataFrame({ ...kdata, candles: [["yesterday", "1", "2", "0.5", "1.5", "10"]] }),
    ).toBeNull();
    expect(
      parseDataFrame({ type: "tickers", seq: 1, data: [{ ...TICKER, last: 67250 }] }),
    ).toBeNull();
    expect(parseDataFrame({ type: "tickers", seq: 1, data: [{ ...TICKER, seq: "x" }] })).toBeNull();
    expect(parseDataFrame({ type: "tickers", seq: 1, data: {} })).toBeNull();
    expect(parseDataFrame(undefined)).toBeNull();
    expect(parseDataFrame({ type: "error" })).toBeNull();
  });
});
