// startBinanceMarket end to end on PGlite, with a local websocket server replaying frames recorded
// from Binance (tests/fixtures/binance): ticks are chained and recorded, the book is served, and
// candles are the exchange's own klines, recorded by their latest state, never folded from the
// ticks as well. Frames marked "derived" are built here from a recorded one.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { readCandles } from "../../server/db/repositories/candle-repository";
import type { FlushedBatch } from "../../server/market/market-feed";
import type { BinanceSource } from "../../server/market/sources/binance/binance-source";
import { startBinanceMarket, type RunningMarket } from "../../server/market/start-market";
import { usePglite } from "./helpers/test-db";

const db = usePglite();
let server: WebSocketServer;
let market: RunningMarket<BinanceSource>;
const sockets: WebSocket[] = [];
const flushed: FlushedBatch[] = [];

function fixture(name: string): string[] {
  const url = new URL(`../fixtures/binance/${name}`, import.meta.url);
  return readFileSync(url, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

const [BTC_TICKER = "", ETH_TICKER = ""] = fixture("ticker.jsonl");
const [ETH_KLINE = "", BTC_KLINE = ""] = fixture("kline_1m.jsonl");
const [BTC_DEPTH = ""] = fixture("depth20.jsonl");

// A liveness bound: two test files share the CPUs (vitest.config.ts).
async function until(what: string, done: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function send(frames: readonly string[]): Promise<void> {
  const before = market.source.stats.frames;
  for (const frame of frames) sockets[0]?.send(frame);
  await until("the frames", () => market.source.stats.frames === before + frames.length);
  await market.feed.flush();
}

beforeAll(async () => {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => server.once("listening", resolve));
  server.on("connection", (ws) => sockets.push(ws));
  const { port } = server.address() as AddressInfo;
  market = await startBinanceMarket(db(), { binanceUrl: `ws://127.0.0.1:${port}/stream` });
  market.feed.onFlushed((batch) => flushed.push(batch));
  await until("the connection", () => sockets.length === 1);
});

afterAll(async () => {
  await market.stop();
  await new Promise((resolve) => server.close(resolve));
});

describe("the Binance market", () => {
  it("records the tickers' trades as chained ticks and serves the depth20 book", async () => {
    await send([BTC_DEPTH, BTC_TICKER, ETH_TICKER]);
    const ticks = await db().query<{ symbol: string; seq: string; price: string; qty: string }>(
      "SELECT symbol, seq::text AS seq, price::text AS price, qty::text AS qty FROM ticks ORDER BY symbol",
    );
    expect(ticks).toEqual([
      { symbol: "BTC/USDT", seq: "1", price: "9338.96", qty: "0.17246" },
      { symbol: "ETH/USDT", seq: "1", price: "1792.84", qty: "0.5572" },
    ]);
    const depth = market.feed.depth("BTC/USDT", 20);
    expect(depth?.bids[0]).toEqual(["35496.06", "0.29859"]);
    expect(depth?.asks[19]).toEqual(["35502.92", "0.30708"]);
    // The source gives candles: the feed folded none from these ticks.
    expect(await readCandles(db(), "BTC/USDT", 60_000, 0, Date.UTC(2030, 0))).toEqual([]);
  });

  it("records the exchange's candle by its latest update, its volume counted once", async () => {
    // Candles ride the flushes that carry ticks: new trades (derived) bring them.
    let tradeId = 235894703;
    const trade = () => BTC_TICKER.replace('"L":235894703', `"L":${++tradeId}`);
    const minute = 1653818760000;
    const read = () => readCandles(db(), "BTC/USDT", 60_000, minute, minute + 60_000);
    await send([BTC_KLINE, ETH_KLINE, trade()]);
    // A minute older than the feed is first looked up in the database (a restart may have left
    // part of it there); it is recorded by the first flush after that read answers.
    for (let i = 0; i < 100 && (await read()).length === 0; i += 1) await send([trade()]);
    expect(await read()).toEqual([
      {
        symbol: "BTC/USDT",
        openTime: minute,
        o: "29038.46",
        h: "29038.47",
        l: "29038.46",
        c: "29038.47",
        v: "0.20926",
      },
    ]);
    // A later update of the same minute (derived): higher high, new close, more volume.
    const later = BTC_KLINE.replace('"E":1653818762502', '"E":1653818790000')
      .replace(
        '"c":"29038.47000000","h":"29038.47000000"',
        '"c":"29040.00000000","h":"29041.10000000"',
      )
      .replace('"v":"0.20926000"', '"v":"0.51234000"');
    await send([later, trade()]);
    expect(await read()).toEqual([
      {
        symbol: "BTC/USDT",
        openTime: minute,
        o: "29038.46",
        h: "29041.10",
        l: "29038.46",
        c: "29040.00",
        v: "0.51234",
      },
    ]);
    // The same update again (a rotation overlap, say) changes nothing.
    await send([later, trade()]);
    expect((await read())[0]?.v).toBe("0.51234");
    // Listeners heard partials that fold, by mergeCandles' rule, into what is stored.
    const btcVolumes = flushed.flatMap((b) => b.candles.filter((c) => c.symbol === "BTC/USDT"));
    expect(btcVolumes.map((c) => c.v)).toEqual(["0.20926", "0.30308"]);
    const eth = await readCandles(db(), "ETH/USDT", 60_000, 1617566580000, 1617566640000);
    expect(eth.map((c) => [c.o, c.h, c.l, c.c, c.v])).toEqual([
      ["2063.88", "2066.12", "2063.88", "2065.94", "145.3161"],
    ]);
  });
});
