// The parsers on frames recorded from Binance (tests/fixtures/binance, sources in its README):
// each frame becomes the tick, book or candle its fields say, at Quanta's scales. Frames built
// here, not recorded, are marked "derived" and only probe rounding and rejection.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SYMBOLS } from "../../symbols";
import { parseFrame, symbolTable, type ParsedFrame } from "./parse";
import { unitsAtScale } from "./scale";
import { combinedStreamUrl, streamNames } from "./streams";

const table = symbolTable(SYMBOLS);
const RECEIVED = Date.UTC(2026, 0, 1, 12);

function fixture(name: string): string[] {
  const url = new URL(`../../../../tests/fixtures/binance/${name}`, import.meta.url);
  return readFileSync(url, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

const parse = (line: string): ParsedFrame => parseFrame(line, table, RECEIVED);

describe("binance ticker frames", () => {
  it("become the last trade: price c, quantity Q, event time E, at the symbol's scales", () => {
    const [btc, eth] = fixture("ticker.jsonl").map(parse);
    expect(btc).toEqual({
      kind: "tick",
      // "9338.96000000", "0.17246300" (BTC: 2 and 5 decimals; the 6th, 3, rounds down)
      tick: { symbol: "BTC/USDT", price: "9338.96", qty: "0.17246", ts: 1580254809477 },
      tradeId: 235894703,
    });
    expect(eth).toEqual({
      kind: "tick",
      tick: { symbol: "ETH/USDT", price: "1792.84", qty: "0.5572", ts: 1653812650349 },
      tradeId: 841646650,
    });
  });

  it("parse identically twice", () => {
    const lines = fixture("ticker.jsonl");
    expect(lines.map(parse)).toEqual(lines.map(parse));
  });

  it("skip a symbol without a trade in 24 h (F = L = -1) rather than reject it", () => {
    const [line = ""] = fixture("ticker.jsonl");
    const derived = line.replace('"F":235294268,"L":235894703', '"F":-1,"L":-1');
    expect(parse(derived)).toEqual({ kind: "skipped", reason: "no trade in the last 24 h" });
  });
});

describe("binance depth20 frames", () => {
  it("become the top-20 book, best first, at the symbol's scales, timed on receipt", () => {
    const [btc, eth] = fixture("depth20.jsonl").map(parse);
    if (btc?.kind !== "book" || eth?.kind !== "book") throw new Error("not books");
    expect(btc.updateId).toBe(11655824136);
    expect(btc.book.symbol).toBe("BTC/USDT");
    expect(btc.book.ts).toBe(RECEIVED);
    expect(btc.book.bids).toHaveLength(20);
    expect(btc.book.asks).toHaveLength(20);
    expect(btc.book.bids[0]).toEqual(["35496.06", "0.29859"]);
    expect(btc.book.bids[1]).toEqual(["35494.02", "0.00056"]);
    expect(btc.book.bids[8]).toEqual(["35487.71", "2.32424"]);
    expect(btc.book.bids[19]).toEqual(["35484.70", "0.35200"]);
    expect(btc.book.asks[0]).toEqual(["35496.07", "0.34867"]);
    expect(btc.book.asks[3]).toEqual(["35497.04", "0.00095"]);
    // "0.30707600" rounds half up at 5 decimals.
    expect(btc.book.asks[19]).toEqual(["35502.92", "0.30708"]);
    expect(eth).toEqual({
      kind: "book",
      book: {
        symbol: "ETH/USDT",
        bids: [
          ["1782.00", "6.4830"],
          ["1781.95", "0.0300"],
        ],
        asks: [
          ["1782.01", "15.4608"],
          ["1782.02", "0.0078"],
        ],
        ts: RECEIVED,
      },
      updateId: 17044571457,
    });
  });

  it("parse identically twice", () => {
    const lines = fixture("depth20.jsonl");
    expect(lines.map(parse)).toEqual(lines.map(parse));
  });

  it("merge levels that round to one price and drop levels that round to nothing (derived)", () => {
    // DOT/USDT keeps 3 price and 2 quantity decimals.
    const frame = JSON.stringify({
      stream: "dotusdt@depth20@100ms",
      data: {
        lastUpdateId: 7,
        bids: [
          ["43.52080000", "1.00000000"],
          ["43.52060000", "2.00000000"],
          ["43.52040000", "0.50000000"],
          ["43.51000000", "0.00400000"],
        ],
        asks: [["43.53000000", "7.00000000"]],
      },
    });
    const parsed = parse(frame);
    if (parsed.kind !== "book") throw new Error(parsed.kind);
    expect(parsed.book.bids).toEqual([
      ["43.521", "3.00"],
      ["43.520", "0.50"],
    ]);
    expect(parsed.book.asks).toEqual([["43.530", "7.00"]]);
  });

  it("reject a side out of best-first order instead of serving it (derived)", () => {
    const [line = ""] = fixture("depth20.jsonl");
    const swapped = line.replace(
      '["35496.06000000","0.29859300"],["35494.02000000","0.00056300"]',
      '["35494.02000000","0.00056300"],["35496.06000000","0.29859300"]',
    );
    expect(parse(swapped)).toEqual({
      kind: "rejected",
      reason: "depth bids are not in best-first order",
    });
  });
});

describe("binance kline_1m frames", () => {
  it("become the exchange's 1m candle with its closed flag", () => {
    const [eth, btc] = fixture("kline_1m.jsonl").map(parse);
    expect(eth).toEqual({
      kind: "candle",
      candle: {
        symbol: "ETH/USDT",
        openTime: 1617566580000,
        o: "2063.88",
        h: "2066.12",
        l: "2063.88",
        c: "2065.94",
        // "145.31607000" at ETH's 4 decimals: the dropped 7 rounds up.
        v: "145.3161",
        closed: false,
      },
      eventTime: 1617566595870,
    });
    expect(btc).toEqual({
      kind: "candle",
      candle: {
        symbol: "BTC/USDT",
        openTime: 1653818760000,
        o: "29038.46",
        h: "29038.47",
        l: "29038.46",
        c: "29038.47",
        v: "0.20926",
        closed: false,
      },
      eventTime: 1653818762502,
    });
  });

  it("parse identically twice, and report a closed minute (derived: x set true)", () => {
    const lines = fixture("kline_1m.jsonl");
    expect(lines.map(parse)).toEqual(lines.map(parse));
    const closed = parse((lines[1] ?? "").replace('"x":false', '"x":true'));
    expect(closed.kind === "candle" && closed.candle.closed).toBe(true);
  });
});

describe("frames Quanta does not read", () => {
  it("are rejected with the reason: other symbols and other stream kinds (recorded)", () => {
    expect(fixture("unsubscribed.jsonl").map(parse)).toEqual([
      { kind: "rejected", reason: 'stream "ftmusdt@kline_1m" is not a listed symbol' },
      { kind: "rejected", reason: 'stream "ftmusdt@bookTicker" is not a listed symbol' },
      { kind: "rejected", reason: 'stream "btcusdt@depth@100ms" is not one Quanta reads' },
    ]);
  });

  it.each([
    ["not json", "not JSON"],
    ["[1,2]", "not a combined-stream frame {stream, data}"],
    ['{"stream":"btcusdt@ticker"}', "not a combined-stream frame {stream, data}"],
    ['{"stream":"@ticker","data":{}}', 'stream "@ticker" is not a listed symbol'],
    [
      '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker"}}',
      'ticker of "undefined" on BTC/USDT\'s stream',
    ],
    [
      '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","s":"BTCUSDT","E":1580254809477,"c":"1","Q":"1"}}',
      "ticker without a valid last trade id L",
    ],
    [
      '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","s":"BTCUSDT","E":1580254809477,"L":5,"c":"-1","Q":"1"}}',
      "ticker last price c is not a positive decimal",
    ],
    [
      '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","s":"BTCUSDT","E":1580254809477,"L":5,"c":"0.001","Q":"1"}}',
      "ticker last price c is not a positive decimal",
    ],
    [
      '{"stream":"btcusdt@ticker","data":{"e":"24hrTicker","s":"ETHUSDT","E":1580254809477,"L":5,"c":"1","Q":"1"}}',
      'ticker of "ETHUSDT" on BTC/USDT\'s stream',
    ],
    [
      '{"stream":"btcusdt@depth20@100ms","data":{"bids":[],"asks":[]}}',
      "depth without a valid lastUpdateId",
    ],
    [
      '{"stream":"btcusdt@depth20@100ms","data":{"lastUpdateId":1,"bids":[[1,2]],"asks":[]}}',
      "depth bids level holds a non-decimal price or quantity",
    ],
    [
      '{"stream":"btcusdt@depth20@100ms","data":{"lastUpdateId":1,"bids":[],"asks":{}}}',
      "depth without its asks array",
    ],
  ])("rejects %s", (frame, reason) => {
    expect(parse(frame)).toEqual({ kind: "rejected", reason });
  });

  it("rejects a kline that is not a sound 1m candle (derived)", () => {
    const [line = ""] = fixture("kline_1m.jsonl");
    const cases: [string, string][] = [
      ['"i":"1m"', '"i":"5m"'],
      ['"t":1617566580000', '"t":1617566580001'],
      ['"l":"2063.88000000"', '"l":"2066.50000000"'],
      ['"x":false', '"x":"no"'],
      ['"v":"145.31607000"', '"v":"1e5"'],
    ];
    for (const [from, to] of cases) {
      expect(parse(line.replace(from, to)).kind).toBe("rejected");
    }
  });

  it("never throws, whatever field of a recorded frame is missing or of the wrong type", () => {
    const junk: unknown[] = [null, 0, -1, 2 ** 60, 0.5, "", "x", "1e3", [], {}, true];
    for (const line of ["ticker.jsonl", "depth20.jsonl", "kline_1m.jsonl"].flatMap(fixture)) {
      const frame = JSON.parse(line) as { stream: string; data: Record<string, unknown> };
      const nested = (frame.data.k ?? {}) as Record<string, unknown>;
      for (const target of [frame.data, nested]) {
        for (const key of Object.keys(target)) {
          for (const value of [undefined, ...junk]) {
            const copy = structuredClone(frame);
            const into = target === nested ? (copy.data.k as Record<string, unknown>) : copy.data;
            into[key] = value;
            const parsed = parse(JSON.stringify(copy));
            expect(["tick", "book", "candle", "skipped", "rejected"]).toContain(parsed.kind);
          }
        }
      }
    }
  });
});

describe("scales and streams", () => {
  it("converts Binance decimals exactly, rounding half up past the scale", () => {
    expect(unitsAtScale("9338.96000000", 2)).toBe(933896n);
    expect(unitsAtScale("0.17246300", 5)).toBe(17246n);
    expect(unitsAtScale("145.31607000", 4)).toBe(1453161n);
    expect(unitsAtScale("0.00000500", 5)).toBe(1n);
    expect(unitsAtScale("0.00000499", 5)).toBe(0n);
    expect(unitsAtScale("99.995", 2)).toBe(10000n);
    expect(unitsAtScale("7", 3)).toBe(7000n);
    for (const bad of ["", "-1", "1e5", "1.", ".5", " 1", "0x10", 5, null]) {
      expect(unitsAtScale(bad, 2)).toBeNull();
    }
  });

  it("subscribes ticker, depth20@100ms and kline_1m for each of the 12 symbols", () => {
    const names = streamNames(SYMBOLS);
    expect(names).toHaveLength(36);
    expect(names.slice(0, 3)).toEqual([
      "btcusdt@ticker",
      "btcusdt@depth20@100ms",
      "btcusdt@kline_1m",
    ]);
    expect(combinedStreamUrl("wss://stream.binance.com:9443/stream", SYMBOLS)).toBe(
      `wss://stream.binance.com:9443/stream?streams=${names.join("/")}`,
    );
    // Every subscribed stream parses to its listed symbol.
    for (const name of names) expect(table.has(name.split("@")[0] ?? "")).toBe(true);
  });
});
