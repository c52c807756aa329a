// The market websockets' test harness: the app on a real port with real `ws` clients, over a
// backfilled simulated market stepped by hand on a fake clock, and what the tests read from
// the frames (seq continuity, one string for all, the book and candles a client holds).
// market-sockets.test.ts checks the topics, market-sockets-clients.test.ts the clients.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import type { DepthLevel, KlineRow } from "../../../protocol/market";
import { API_BASE, WS_BASE } from "../../../protocol/paths";
import type { Db } from "../../../server/db/db";
import { applyDepthUpdate } from "../../../server/market/hub/depth-diff";
import type { MarketFeed } from "../../../server/market/market-feed";
import { startSimulatedMarket, type RunningMarket } from "../../../server/market/start-market";
import type { MarketSocketOptions } from "../../../server/plugins/market-sockets";
import { freePort } from "./net";
import { buildTestApp, testConfig } from "./test-app";
import { usePglite } from "./test-db";
import { connect, type Frame, type TestSocket } from "./ws-client";

/** The ping test's interval; it starts its own app with it (`listenSocketsApp`). */
export const PING_MS = 300;
export const HIGH_WATER = 64 * 1024;
export const BTC = "BTC/USDT";
export const Q_BTC = encodeURIComponent(BTC);
// Live trading starts at 10:00:30; history (one day) ends at 10:00.
const START = Date.UTC(2026, 3, 1, 10, 0, 30);

export interface Client extends TestSocket {
  /** Every frame as the server sent it. */
  raw: string[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const topicFrames = (client: Client) =>
  client.frames.filter((f) => f.type !== "error" && f.type !== "pong");

/** Each frame's seq is the previous one's + 1, from the first (the snapshot) on. */
export function expectContinuous(frames: Frame[]): void {
  expect(frames.length).toBeGreaterThan(0);
  const first = frames[0]?.seq ?? 0;
  expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => first + i));
}

/** Frames with the same seq are the very same string on every client. */
export function expectSameStrings(a: Client, b: Client): number {
  const bySeq = new Map(b.raw.map((text) => [(JSON.parse(text) as Frame).seq, text]));
  let shared = 0;
  for (const text of a.raw) {
    const frame = JSON.parse(text) as Frame;
    if (frame.type === "snapshot" || !bySeq.has(frame.seq)) continue;
    expect(bySeq.get(frame.seq)).toBe(text);
    shared += 1;
  }
  return shared;
}

/** What a client holds after applying its frames: the newest candles, oldest first. */
export function candlesOf(frames: Frame[]): KlineRow[] {
  const candles = new Map<string, KlineRow>();
  for (const frame of frames) {
    if (frame.type === "snapshot") candles.clear();
    for (const row of frame.candles as KlineRow[]) candles.set(row[0], row);
  }
  return [...candles.values()].sort((a, b) => Date.parse(a[0]) - Date.parse(b[0]));
}

export function bookOf(frames: Frame[]): { bids: DepthLevel[]; asks: DepthLevel[] } {
  let book = { bids: [] as DepthLevel[], asks: [] as DepthLevel[] };
  for (const frame of frames) {
    const sides = { bids: frame.bids as DepthLevel[], asks: frame.asks as DepthLevel[] };
    book = frame.type === "snapshot" ? sides : applyDepthUpdate(book, sides);
  }
  return book;
}

/** Waits until no frame has arrived for `ms`. */
export async function quiet(clients: Client[], ms = 250): Promise<void> {
  for (;;) {
    const counts = clients.map((c) => c.raw.length);
    await sleep(ms);
    if (clients.every((c, i) => c.raw.length === counts[i])) return;
  }
}

const SOCKET_OPTIONS: MarketSocketOptions = {
  // A paused client answers no ping: with a short interval, a test that pauses one on a busy
  // machine would see it cut as dead (after two intervals) before it reads again.
  pingIntervalMs: 60_000,
  tickersEveryMs: 150,
  tickersHeartbeatMs: 300,
  highWaterBytes: HIGH_WATER,
  idleTopicMs: 200,
  drainCheckMs: 50,
};

/** The app on a free port, its market sockets following `feed`; close it after use. */
export async function listenSocketsApp(
  db: Db,
  feed: MarketFeed,
  options: MarketSocketOptions = {},
): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildTestApp({ db, marketSockets: { ...SOCKET_OPTIONS, ...options } });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  app.market.attach(feed);
  return { app, base: `ws://127.0.0.1:${port}${WS_BASE}` };
}

/** The harness of one test file: its hooks start the app and the market and stop them. */
export function useMarketSockets() {
  const db = usePglite();
  let app: FastifyInstance | undefined;
  let market: RunningMarket | undefined;
  let base = "";
  let clock = START;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the market sockets' app has not started");
    return value;
  };

  const kit = {
    db,
    get app(): FastifyInstance {
      return started(app);
    },
    get market(): RunningMarket {
      return started(market);
    },
    /** `ws://…/ws`: the market sockets' base URL. */
    get base(): string {
      return base;
    },
    /** The market's fake clock, ms. */
    get clock(): number {
      return clock;
    },

    /**
     * `count` market steps a second apart, each flushed, `gapMs` of real time apart. A minute's
     * last second and the next minute's first share a flush, so one batch crosses the boundary.
     */
    async step(count: number, gapMs = 0): Promise<void> {
      const { source, feed } = kit.market;
      for (let i = 0; i < count; i += 1) {
        clock += 1000;
        source.emit(clock);
        if (new Date(clock).getUTCSeconds() === 59) {
          clock += 1000;
          source.emit(clock);
        }
        await feed.flush();
        if (gapMs > 0) await sleep(gapMs);
      }
    },

    open(path: string): Client {
      const socket = connect(`${base}${path}`);
      const raw: string[] = [];
      socket.ws.on("message", (data) => raw.push(String(data)));
      return Object.assign(socket, { raw });
    },

    async rest<T>(url: string): Promise<T> {
      const res = await kit.app.inject({ method: "GET", url: `${API_BASE}/market${url}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ Data: T }>().Data;
    },

    klines: (interval: string, limit: number): Promise<KlineRow[]> =>
      kit.rest<KlineRow[]>(
        `/klines?symbol=${Q_BTC}&interval=${interval}&limit=${limit}` +
          `&end=${encodeURIComponent(new Date(clock).toISOString())}`,
      ),

    /** The server side's unsent bytes, per open market socket. */
    serverBuffers: (): number[] =>
      [...kit.app.websocketServer.clients].map((ws) => ws.bufferedAmount),
  };

  beforeAll(async () => {
    market = await startSimulatedMarket(
      db(),
      { ...testConfig().market, seed: "sockets-test", ticksPerSecond: 10, backfillDays: 1 },
      { now: () => clock, manual: true },
    );
    ({ app, base } = await listenSocketsApp(db(), market.feed));
    await kit.step(5);
  });

  afterAll(async () => {
    await app?.close();
    await market?.stop();
  });

  return kit;
}
