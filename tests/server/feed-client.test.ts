// The app's market feed client (src/sync/feeds) with fake-indexeddb against the real server on a
// real port, over a backfilled simulated market stepped by hand — no mocked sockets: the tickers
// feed fills the table over REST and /ws/data; watched depth and candles end equal to what REST
// serves; a lost depth frame resubscribes and the book is right again; topics switch on one
// socket; the sync engine's leading tab runs the tickers feed; older candles load over REST.
import "./helpers/browser-globals";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Depth, KlineRow, Ticker } from "../../protocol/market";
import { API_BASE } from "../../protocol/paths";
import { startSimulatedMarket, type RunningMarket } from "../../server/market/start-market";
import { database } from "../../src/db/database";
import { SYNC_KEYS } from "../../src/db/sync-state";
import { SyncEngine } from "../../src/sync/engine";
import type { OpenSocket } from "../../src/sync/environment";
import {
  configureFeeds,
  loadOlderCandles,
  resetTabFeeds,
  tabMarketWriter,
  TickerFeed,
  watchMarket,
} from "../../src/sync/feeds";
import { reportReachability } from "../../src/sync/online";
import { FakePage, testEnvironment } from "../../src/sync/testing/fake-environment";
import { freePort } from "./helpers/net";
import { connectApi, eventually, nodeSocket, wipeDevice } from "./helpers/sync-client";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";

const db = usePglite();
// Live trading starts at 10:00:30; history (one day) ends at 10:00.
const START = Date.UTC(2026, 3, 1, 10, 0, 30);
const BTC = "BTC/USDT";
const ETH = "ETH/USDT";
let app: FastifyInstance;
let market: RunningMarket;
let origin = "";
let clock = START;

beforeAll(async () => {
  app = await buildTestApp({
    db: db(),
    marketSockets: { tickersEveryMs: 50, tickersHeartbeatMs: 200, idleTopicMs: 200 },
  });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  origin = `http://127.0.0.1:${port}`;
  market = await startSimulatedMarket(
    db(),
    { ...testConfig().market, seed: "feed-client-test", ticksPerSecond: 4, backfillDays: 1 },
    { now: () => clock, manual: true },
  );
  app.market.attach(market.feed);
  await step(3);
});

afterAll(async () => {
  await app?.close();
  await market?.stop();
});

/** `count` market steps a second apart, each flushed (so the hub publishes them). */
async function step(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    clock += 1000;
    market.source.emit(clock);
    await market.feed.flush();
  }
}

async function rest<T>(path: string): Promise<T> {
  const res = await app.inject({ method: "GET", url: `${API_BASE}/market/${path}` });
  return res.json<{ Data: T }>().Data;
}

// ---- The client's sockets: real `ws` connections, with what they sent recorded and a switch
// ---- that loses one frame on its way in (a gap, as a flaky network would make one).
let opened: string[] = [];
let sent: { url: string; op: unknown }[] = [];
let loseNext: ((frame: { type?: string; seq?: number }) => boolean) | null = null;
const stops: (() => void)[] = [];

const recordingSocket: OpenSocket = (url, handlers) => {
  opened.push(url);
  const connection = nodeSocket(url, {
    ...handlers,
    onMessage: (data) => {
      if (loseNext?.(JSON.parse(data) as { type?: string })) {
        loseNext = null;
        return;
      }
      handlers.onMessage(data);
    },
  });
  return {
    close: () => connection.close(),
    send: (data) => {
      sent.push({ url, op: JSON.parse(data) });
      connection.send(data);
    },
  };
};

const env = () => testEnvironment(new FakePage(), { openSocket: recordingSocket });
const socketsTo = (path: string) => opened.filter((url) => new URL(url).pathname === path);

beforeEach(async () => {
  await resetTabFeeds();
  await wipeDevice();
  connectApi(origin, { locked: 0, unauthorized: 0 });
  reportReachability(true);
  configureFeeds(env(), () => undefined);
  opened = [];
  sent = [];
  loseNext = null;
});

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await resetTabFeeds();
});

function watch(...args: Parameters<typeof watchMarket>): void {
  stops.push(watchMarket(...args));
}

/** Steps the market until `check` holds (the client writes at most every 250 ms). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 8_000;
  for (;;) {
    await tabMarketWriter().flush();
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within 8 s`);
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
}

async function bookMatchesServer(symbol: string): Promise<boolean> {
  const stored = await database().depth.get(symbol);
  const served = await rest<Depth>(`depth?symbol=${encodeURIComponent(symbol)}`);
  return (
    stored !== undefined &&
    JSON.stringify([stored.bids, stored.asks]) === JSON.stringify([served.bids, served.asks])
  );
}

describe("feed client against the real server", () => {
  it("fills the tickers table over REST and /ws/data, and follows the market", async () => {
    const feed = new TickerFeed({ env: env(), writer: tabMarketWriter() });
    feed.start();
    stops.push(() => feed.stop());
    await until(async () => (await database().tickers.count()) === 12, "12 tickers");
    expect(socketsTo("/ws/data")).toHaveLength(1);

    await step(2);
    const served = await rest<Ticker[]>("tickers");
    const btc = served.find((t) => t.symbol === BTC);
    await until(
      async () => (await database().tickers.get(BTC))?.seq === btc?.seq,
      "the newest BTC ticker",
    );
    expect(await database().tickers.get(BTC)).toMatchObject({
      ...btc,
      receivedAt: expect.any(String),
    });
    const fresh = await database().syncState.get(SYNC_KEYS.marketFreshness("tickers"));
    expect(fresh?.value).toEqual(expect.any(String));
  });

  it("keeps a watched order book equal to the server's", async () => {
    watch({ kind: "depth", symbol: BTC });
    await step(3);
    await until(() => bookMatchesServer(BTC), "the BTC book");
    const stored = await database().depth.get(BTC);
    expect(stored?.bids.length).toBeGreaterThan(0);
    expect(stored?.asks.length).toBeGreaterThan(0);
  });

  it("after a lost depth frame resubscribes, and the book is right again", async () => {
    loseNext = (frame) => frame.type === "update";
    watch({ kind: "depth", symbol: BTC });
    await until(async () => {
      await step(1);
      return sent.some(
        (s) => JSON.stringify(s.op) === JSON.stringify({ op: "subscribe", symbol: BTC }),
      );
    }, "the resubscribe");
    await until(() => bookMatchesServer(BTC), "the BTC book after the gap");
    // Same connection: the subscribe op, not a reconnect.
    expect(socketsTo("/ws/depth")).toHaveLength(1);
  });

  it("switches topics on one socket", async () => {
    watch({ kind: "depth", symbol: BTC });
    await until(async () => (await database().depth.get(BTC)) !== undefined, "the BTC book");
    watch({ kind: "depth", symbol: ETH });
    await step(2);
    await until(() => bookMatchesServer(ETH), "the ETH book");
    expect(socketsTo("/ws/depth")).toHaveLength(1);
    expect(sent.map((s) => s.op)).toContainEqual({ op: "subscribe", symbol: ETH });
  });

  it("stores watched candles; the last one equals REST's", async () => {
    watch({ kind: "kdata", symbol: BTC, interval: "1m" });
    await step(40);
    const lastStored = async () =>
      (await database()
        .candles.where("[symbol+interval+openTime]")
        .between([BTC, "1m", ""], [BTC, "1m", "\uffff"])
        .last()) ?? null;
    await until(async () => {
      // The market runs on its own clock: REST's `end` defaults to the real now.
      const [served] = await rest<KlineRow[]>(
        `klines?symbol=${encodeURIComponent(BTC)}&interval=1m&limit=1&end=${clock}`,
      );
      const stored = await lastStored();
      return (
        served !== undefined &&
        stored !== null &&
        JSON.stringify([stored.openTime, stored.o, stored.h, stored.l, stored.c, stored.v]) ===
          JSON.stringify(served)
      );
    }, "the last candle");
    // The snapshot brought the default 300, plus the minutes stepped since.
    expect(await database().candles.count()).toBeGreaterThanOrEqual(300);
  });

  it("loads older candles before the oldest stored one", async () => {
    // 300 minutes in the snapshot, a day of history behind them.
    watch({ kind: "kdata", symbol: ETH, interval: "1m" });
    await until(async () => (await database().candles.count()) > 0, "the ETH candles");
    const oldest = (await database().candles.orderBy("[symbol+interval+openTime]").first())
      ?.openTime;
    if (oldest === undefined) throw new Error("no candles");
    const before = await database().candles.count();

    expect(await loadOlderCandles(ETH, "1m", oldest, 50)).toBe(50);
    const rows = await database().candles.orderBy("[symbol+interval+openTime]").toArray();
    expect(rows).toHaveLength(before + 50);
    expect(Date.parse(rows[0]?.openTime ?? "")).toBe(Date.parse(oldest) - 50 * 60_000);
    const served = await rest<KlineRow[]>(
      `klines?symbol=${encodeURIComponent(ETH)}&interval=1m&limit=50&end=${encodeURIComponent(new Date(Date.parse(oldest) - 1).toISOString())}`,
    );
    expect(rows.slice(0, 50).map((r) => [r.openTime, r.o, r.h, r.l, r.c, r.v])).toEqual(served);
  });

  it("runs the tickers feed in the sync engine's leading tab, and stops it with the engine", async () => {
    const engine = new SyncEngine({ env: env(), lang: "en" });
    engine.start();
    stops.push(() => engine.stop());
    await until(async () => (await database().tickers.count()) === 12, "12 tickers");
    await eventually(async () => socketsTo("/ws/data").length === 1);
    engine.stop();
    await database().tickers.clear();
    await step(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await tabMarketWriter().flush();
    expect(await database().tickers.count()).toBe(0);
    expect(socketsTo("/ws/data")).toHaveLength(1);
  });
});
