import { describe, expect, it } from "vitest";
import { parseClientFrame, parseConnectQuery, type FeedEndpoint } from "./client-frames";

const frame = (endpoint: FeedEndpoint, value: unknown) =>
  parseClientFrame(endpoint, Buffer.from(JSON.stringify(value)), false);

describe("parseClientFrame", () => {
  it("reads ping and the subscribe op of each endpoint, with kdata's default limit", () => {
    expect(frame("data", { op: "ping" })).toEqual({ ok: true, value: { op: "ping" } });
    expect(frame("data", { op: "subscribe" })).toEqual({
      ok: true,
      value: { op: "subscribe", topic: { kind: "tickers" } },
    });
    expect(frame("depth", { op: "subscribe", symbol: "ETH/USDT" })).toEqual({
      ok: true,
      value: { op: "subscribe", topic: { kind: "depth", symbol: "ETH/USDT" } },
    });
    expect(frame("kdata", { op: "subscribe", symbol: "BTC/USDT", interval: "4h" })).toEqual({
      ok: true,
      value: {
        op: "subscribe",
        topic: { kind: "kdata", symbol: "BTC/USDT", interval: "4h", limit: 300 },
      },
    });
    expect(
      frame("kdata", { op: "subscribe", symbol: "BTC/USDT", interval: "1m", limit: 1000 }),
    ).toMatchObject({ ok: true, value: { topic: { limit: 1000 } } });
  });

  it.each<[string, FeedEndpoint, Buffer, boolean, RegExp]>([
    ["binary", "data", Buffer.from("{}"), true, /binary/],
    ["not JSON", "data", Buffer.from("{op:"), false, /not valid JSON/],
    ["not an object", "depth", Buffer.from("[1]"), false, /JSON object/],
    ["no op", "depth", Buffer.from("{}"), false, /op is missing/],
    ["unknown op", "depth", Buffer.from('{"op":"unsubscribe"}'), false, /"unsubscribe" is unknown/],
    ["no symbol", "depth", Buffer.from('{"op":"subscribe"}'), false, /symbol is missing/],
    [
      "unknown symbol",
      "depth",
      Buffer.from('{"op":"subscribe","symbol":"BTCUSDT"}'),
      false,
      /symbol "BTCUSDT" is not listed/,
    ],
    [
      "no interval",
      "kdata",
      Buffer.from('{"op":"subscribe","symbol":"BTC/USDT"}'),
      false,
      /interval is missing/,
    ],
    [
      "bad interval",
      "kdata",
      Buffer.from('{"op":"subscribe","symbol":"BTC/USDT","interval":"2m"}'),
      false,
      /interval "2m" is not one of 1m, 5m/,
    ],
    [
      "limit 0",
      "kdata",
      Buffer.from('{"op":"subscribe","symbol":"BTC/USDT","interval":"1m","limit":0}'),
      false,
      /limit must be a whole number from 1 to 1000/,
    ],
    [
      "limit 1001",
      "kdata",
      Buffer.from('{"op":"subscribe","symbol":"BTC/USDT","interval":"1m","limit":1001}'),
      false,
      /limit/,
    ],
    [
      "limit 1.5",
      "kdata",
      Buffer.from('{"op":"subscribe","symbol":"BTC/USDT","interval":"1m","limit":1.5}'),
      false,
      /limit/,
    ],
    [
      "limit as a string",
      "kdata",
      Buffer.from('{"op":"subscribe","symbol":"BTC/USDT","interval":"1m","limit":"5"}'),
      false,
      /limit/,
    ],
  ])("refuses %s, naming what was wrong", (_name, endpoint, data, isBinary, message) => {
    const result = parseClientFrame(endpoint, data, isBinary);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it("reads a fragmented frame", () => {
    const parts = [Buffer.from('{"op":'), Buffer.from('"ping"}')];
    expect(parseClientFrame("data", parts, false)).toEqual({ ok: true, value: { op: "ping" } });
  });
});

describe("parseConnectQuery", () => {
  it("reads the query's strings, limit included", () => {
    expect(parseConnectQuery("data", {})).toEqual({ ok: true, value: { kind: "tickers" } });
    expect(parseConnectQuery("depth", { symbol: "SOL/USDT" })).toEqual({
      ok: true,
      value: { kind: "depth", symbol: "SOL/USDT" },
    });
    expect(
      parseConnectQuery("kdata", { symbol: "SOL/USDT", interval: "15m", limit: "42" }),
    ).toEqual({
      ok: true,
      value: { kind: "kdata", symbol: "SOL/USDT", interval: "15m", limit: 42 },
    });
  });

  it.each([
    ["depth", {}, /symbol is missing/],
    ["depth", { symbol: ["BTC/USDT", "ETH/USDT"] }, /symbol .* is not listed/],
    ["kdata", { symbol: "BTC/USDT" }, /interval is missing/],
    ["kdata", { symbol: "BTC/USDT", interval: "1m", limit: "abc" }, /limit/],
    ["kdata", { symbol: "BTC/USDT", interval: "1m", limit: "0" }, /limit/],
    ["kdata", { symbol: "BTC/USDT", interval: "1m", limit: "1001" }, /limit/],
  ] as const)("refuses %s %j", (endpoint, query, message) => {
    const result = parseConnectQuery(endpoint, query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});
