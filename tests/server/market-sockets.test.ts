// The market websockets end to end, on a real port with real `ws` clients, over a backfilled
// simulated market stepped by hand on a fake clock: seq continuity per topic and one string for
// all subscribers; a paused client skipped, bounded, then resnapshotted while the others get
// every frame; REST and websocket agreeing on the last candle; depth conflation; malformed
// frames and bad queries answered with error frames on a surviving connection; ping liveness;
// and every socket closed when the app closes.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEPTH_MAX_PER_SECOND } from "../../protocol/feed";
import type { DepthLevel, KlineRow, Ticker } from "../../protocol/market";
import { API_BASE, WS_BASE } from "../../protocol/paths";
import { applyDepthUpdate } from "../../server/market/hub/depth-diff";
import { DepthTopic } from "../../server/market/hub/depth-topic";
import { startSimulatedMarket, type RunningMarket } from "../../server/market/start-market";
import { freePort, within } from "./helpers/net";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { usePglite } from "./helpers/test-db";
import { connect, staysFalse, type Frame, type TestSocket } from "./helpers/ws-client";

const db = usePglite();
// Live trading starts at 10:00:30; history (one day) ends at 10:00.
const START = Date.UTC(2026, 3, 1, 10, 0, 30);
const PING_MS = 300;
const HIGH_WATER = 64 * 1024;
const BTC = "BTC/USDT";
const Q_BTC = encodeURIComponent(BTC);
let app: FastifyInstance;
let market: RunningMarket;
let base: string;
let clock = START;

beforeAll(async () => {
  app = await buildTestApp({
    db: db(),
    marketSockets: {
      pingIntervalMs: PING_MS,
      tickersEveryMs: 150,
      tickersHeartbeatMs: 300,
      highWaterBytes: HIGH_WATER,
      idleTopicMs: 200,
      drainCheckMs: 50,
    },
  });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  base = `ws://127.0.0.1:${port}${WS_BASE}`;
  market = await startSimulatedMarket(
    db(),
    { ...testConfig().market, seed: "sockets-test", ticksPerSecond: 10, backfillDays: 1 },
    { now: () => clock, manual: true },
  );
  app.market.attach(market.feed);
  await step(5);
});

afterAll(async () => {
  await app?.close();
  await market?.stop();
});

/** DepthTopic's protected publish, which the conflation test times. */
interface Publishing {
  publish(this: DepthTopic, frame: object): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `count` market steps a second apart, each flushed, `gapMs` of real time apart. A minute's
 * last second and the next minute's first share a flush, so one batch crosses the boundary.
 */
async function step(count: number, gapMs = 0): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    clock += 1000;
    market.source.emit(clock);
    if (new Date(clock).getUTCSeconds() === 59) {
      clock += 1000;
      market.source.emit(clock);
    }
    await market.feed.flush();
    if (gapMs > 0) await sleep(gapMs);
  }
}

interface Client extends TestSocket {
  /** Every frame as the server sent it. */
  raw: string[];
}

function open(path: string): Client {
  const socket = connect(`${base}${path}`);
  const raw: string[] = [];
  socket.ws.on("message", (data) => raw.push(String(data)));
  return Object.assign(socket, { raw });
}

const topicFrames = (client: Client) =>
  client.frames.filter((f) => f.type !== "error" && f.type !== "pong");

/** Each frame's seq is the previous one's + 1, from the first (the snapshot) on. */
function expectContinuous(frames: Frame[]): void {
  expect(frames.length).toBeGreaterThan(0);
  const first = frames[0]?.seq ?? 0;
  expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => first + i));
}

/** Frames with the same seq are the very same string on every client. */
function expectSameStrings(a: Client, b: Client): number {
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
function candlesOf(frames: Frame[]): KlineRow[] {
  const candles = new Map<string, KlineRow>();
  for (const frame of frames) {
    if (frame.type === "snapshot") candles.clear();
    for (const row of frame.candles as KlineRow[]) candles.set(row[0], row);
  }
  return [...candles.values()].sort((a, b) => Date.parse(a[0]) - Date.parse(b[0]));
}

function bookOf(frames: Frame[]): { bids: DepthLevel[]; asks: DepthLevel[] } {
  let book = { bids: [] as DepthLevel[], asks: [] as DepthLevel[] };
  for (const frame of frames) {
    const sides = { bids: frame.bids as DepthLevel[], asks: frame.asks as DepthLevel[] };
    book = frame.type === "snapshot" ? sides : applyDepthUpdate(book, sides);
  }
  return book;
}

async function rest<T>(url: string): Promise<T> {
  const res = await app.inject({ method: "GET", url: `${API_BASE}/market${url}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ Data: T }>().Data;
}

const klines = (interval: string, limit: number) =>
  rest<KlineRow[]>(
    `/klines?symbol=${Q_BTC}&interval=${interval}&limit=${limit}` +
      `&end=${encodeURIComponent(new Date(clock).toISOString())}`,
  );

/** Waits until no frame has arrived for `ms`. */
async function quiet(clients: Client[], ms = 250): Promise<void> {
  for (;;) {
    const counts = clients.map((c) => c.raw.length);
    await sleep(ms);
    if (clients.every((c, i) => c.raw.length === counts[i])) return;
  }
}

/** The server side's unsent bytes, per open market socket. */
const serverBuffers = () => [...app.websocketServer.clients].map((ws) => ws.bufferedAmount);

/**
 * Stops `client` reading and asks for 1000-candle snapshots until the server has skipped it:
 * the kernel's buffers fill first, then the server's own, up to the high-water mark.
 */
async function pauseUntilSkipped(client: Client, subscribe: string): Promise<void> {
  const skipped = app.marketHub.counters().framesSkipped;
  client.ws.pause();
  for (let i = 0; i < 2000 && app.marketHub.counters().framesSkipped === skipped; i += 1) {
    client.ws.send(subscribe);
    if (i % 10 === 9) await sleep(5);
  }
  expect(app.marketHub.counters().framesSkipped).toBeGreaterThan(skipped);
}

describe("market sockets", () => {
  it("depth: a snapshot, then seq+1 updates, one string for all, rebuilding the book", async () => {
    const [a, b] = [open(`/depth?symbol=${Q_BTC}`), open(`/depth?symbol=${Q_BTC}`)];
    for (const c of [a, b]) await c.frame((f) => f.type === "snapshot");
    await step(12, 120);
    await quiet([a, b]);
    for (const c of [a, b]) {
      const frames = topicFrames(c);
      expect(frames[0]?.type).toBe("snapshot");
      expect(frames.slice(1).every((f) => f.type === "update")).toBe(true);
      expectContinuous(frames);
      const now = market.feed.depth(BTC, 20);
      expect(bookOf(frames)).toEqual({ bids: now?.bids, asks: now?.asks });
    }
    expect(expectSameStrings(a, b)).toBeGreaterThanOrEqual(5);
    a.ws.close();
    b.ws.close();
  });

  it("kdata: seq continuity, one string for all, and REST agreeing on the last candles", async () => {
    // 10:00:35 now: the next 40 steps cross into 10:01 and the 5m bucket keeps growing.
    const oneMinute = [0, 1].map(() => open(`/kdata?symbol=${Q_BTC}&interval=1m&limit=5`));
    const fiveMinutes = open(`/kdata?symbol=${Q_BTC}&interval=5m&limit=3`);
    const all = [...oneMinute, fiveMinutes];
    for (const c of all) await c.frame((f) => f.type === "snapshot");
    const minuteBefore = Math.floor(clock / 60_000);
    await step(40, 10);
    expect(Math.floor(clock / 60_000)).toBeGreaterThan(minuteBefore);
    await quiet(all);
    for (const c of all) expectContinuous(topicFrames(c));
    const [a, b] = oneMinute as [Client, Client];
    expect(expectSameStrings(a, b)).toBeGreaterThanOrEqual(10);
    // An update crossing the boundary carries the closing minute and the new one.
    expect(topicFrames(a).some((f) => (f.candles as KlineRow[]).length === 2)).toBe(true);
    expect(candlesOf(topicFrames(a)).slice(-5)).toEqual(await klines("1m", 5));
    expect(candlesOf(topicFrames(fiveMinutes)).slice(-3)).toEqual(await klines("5m", 3));
    for (const c of all) c.ws.close();
  });

  it("kdata topics of every interval, opened while the market moves, agree with REST", async () => {
    const intervals = ["1m", "5m", "15m", "1h", "4h", "1d"];
    // Fresh topics, loading while steps flush back to back.
    const symbol = encodeURIComponent("XRP/USDT");
    const driving = step(30);
    const clients = intervals.map((interval) =>
      open(`/kdata?symbol=${symbol}&interval=${interval}&limit=3`),
    );
    await driving;
    await quiet(clients);
    for (const [i, interval] of intervals.entries()) {
      const client = clients[i] as Client;
      expectContinuous(topicFrames(client));
      const served = await rest<KlineRow[]>(
        `/klines?symbol=${symbol}&interval=${interval}&limit=3` +
          `&end=${encodeURIComponent(new Date(clock).toISOString())}`,
      );
      expect(candlesOf(topicFrames(client)).slice(-3), interval).toEqual(served);
      client.ws.close();
    }
  });

  it("tickers: complete frames at least every heartbeat, seq+1, one string for all", async () => {
    const clients = [0, 1, 2].map(() => open("/data"));
    const before = app.marketHub.counters();
    for (const c of clients) await c.frame((f) => f.seq > 0);
    // No market activity at all: the heartbeat keeps frames coming.
    const first = clients[0]?.frames[0]?.seq ?? 0;
    for (const c of clients) await c.frame((f) => f.seq >= first + 3, 3000);
    await step(3);
    const now = new Date(clock).toISOString();
    const btcAt = (f: Frame) => (f.data as Ticker[]).find((t) => t.symbol === BTC)?.ts;
    for (const c of clients) await c.frame((f) => btcAt(f) === now, 3000);
    for (const c of clients) {
      expect(c.frames.every((f) => f.type === "tickers")).toBe(true);
      expectContinuous(c.frames);
    }
    const [a, b, c] = clients as [Client, Client, Client];
    expect(expectSameStrings(a, b) + expectSameStrings(a, c)).toBeGreaterThan(6);
    // Serialised once per frame, sent once per client: three sends per serialisation here.
    const after = app.marketHub.counters();
    const serialised = after.framesSerialised - before.framesSerialised;
    expect(after.framesSent - before.framesSent).toBeGreaterThanOrEqual(2.5 * serialised);
    expect(a.frames.at(-1)?.data).toHaveLength(12);
    for (const s of clients) s.ws.close();
  });

  it("a paused client is skipped and bounded while the others get every frame", async () => {
    const subscribe = JSON.stringify({
      op: "subscribe",
      symbol: BTC,
      interval: "1m",
      limit: 1000,
    });
    const path = `/kdata?symbol=${Q_BTC}&interval=1m&limit=1000`;
    const [slow, fast1, fast2] = [open(path), open(path), open(path)];
    for (const c of [slow, fast1, fast2]) await c.frame((f) => f.type === "snapshot");
    await pauseUntilSkipped(slow, subscribe);
    let most = 0;
    const stepsBegan = Date.now();
    for (let i = 0; i < 20; i += 1) {
      // It keeps asking for snapshots too: unbounded, each step would queue ~400 KB more.
      for (let j = 0; j < 5; j += 1) slow.ws.send(subscribe);
      await step(1, 5);
      most = Math.max(most, ...serverBuffers());
    }
    // The fast clients have every update, promptly, while the slow one is stuck.
    const lastSeq = Math.max(...topicFrames(fast1).map((f) => f.seq));
    await fast2.frame((f) => f.seq === lastSeq, 1000);
    expect(Date.now() - stepsBegan).toBeLessThan(10_000);
    for (const c of [fast1, fast2]) {
      expectContinuous(topicFrames(c));
      expect(topicFrames(c).filter((f) => f.type === "snapshot")).toHaveLength(1);
    }
    // One frame past the high-water mark at most (a 1000-candle snapshot is ~80 KB).
    expect(most).toBeLessThanOrEqual(HIGH_WATER + 128 * 1024);
    slow.ws.terminate();
    fast1.ws.close();
    fast2.ws.close();
  });

  it("resnapshots a skipped client once it reads again, then continues with seq+1", async () => {
    const path = `/kdata?symbol=${Q_BTC}&interval=1m&limit=1000`;
    const subscribe = JSON.stringify({ op: "subscribe", symbol: BTC, interval: "1m" });
    const slow = open(path);
    await slow.frame((f) => f.type === "snapshot");
    const seqBefore = Math.max(...slow.frames.map((f) => f.seq));
    // The kernel may take the server's unsent bytes before the next update (its buffers grow
    // as they autotune): the client then catches up at once and misses nothing. Fill again
    // until an update really is skipped.
    let resnapshots = 0;
    for (let tries = 0; ; tries += 1) {
      expect(tries).toBeLessThan(5);
      await pauseUntilSkipped(slow, JSON.stringify({ ...JSON.parse(subscribe), limit: 1000 }));
      resnapshots = app.marketHub.counters().resnapshots;
      const skipped = app.marketHub.counters().framesSkipped;
      await step(1);
      if (app.marketHub.counters().framesSkipped > skipped) break;
    }
    await step(4, 20); // more updates the slow client misses
    slow.ws.resume();
    await within(
      (async () => {
        while (app.marketHub.counters().resnapshots === resnapshots) await sleep(20);
      })(),
      // A liveness bound, not a speed target: two test files share the CPUs (vitest.config.ts).
      20_000,
      "the resnapshot",
    );
    await step(5, 20);
    await quiet([slow]);
    const frames = topicFrames(slow);
    // Somewhere after the pause: a snapshot whose seq jumps past the missed updates.
    const gap = frames.findIndex((f, i) => i > 0 && f.seq > (frames[i - 1]?.seq ?? 0) + 1);
    expect(gap).toBeGreaterThan(0);
    expect(frames[gap]?.type).toBe("snapshot");
    expect(frames[gap]?.seq).toBeGreaterThan(seqBefore);
    const after = frames.slice(gap);
    expectContinuous(after);
    expect(after.slice(1).some((f) => f.type === "update")).toBe(true);
    expect(candlesOf(after).slice(-20)).toEqual(await klines("1m", 20));
    slow.ws.close();
  });

  it("conflates depth to at most 10 frames a second per topic", async () => {
    const symbols = ["BTC/USDT", "ETH/USDT", "SOL/USDT", "DOGE/USDT", "LINK/USDT", "AVAX/USDT"];
    const clients = symbols.map((s) => open(`/depth?symbol=${encodeURIComponent(s)}`));
    for (const c of clients) await c.frame((f) => f.type === "snapshot");
    // The rule is about when the server sends, so measure there: arrival times at the client add
    // the event loop's and the socket's jitter, which a busy CI machine makes larger than any slack.
    const sent = new Map<string, number[]>(symbols.map((s) => [s, []]));
    const topics = DepthTopic.prototype as unknown as Publishing;
    const original = topics.publish;
    const publish = vi.spyOn(topics, "publish").mockImplementation(function (
      this: DepthTopic,
      frame,
    ) {
      sent.get(this.symbol)?.push(performance.now());
      original.call(this, frame);
    });
    try {
      // 20 new books a second for every symbol, for 2.5 s.
      await step(50, 50);
      await quiet(clients);
    } finally {
      publish.mockRestore();
    }
    for (const [symbol, times] of sent) {
      expect(times.length, symbol).toBeGreaterThanOrEqual(10);
      // Eleven frames never fit in one second (10 ms for building a frame after its time is taken).
      for (let i = DEPTH_MAX_PER_SECOND; i < times.length; i += 1) {
        const span = (times[i] ?? 0) - (times[i - DEPTH_MAX_PER_SECOND] ?? 0);
        expect(span, symbol).toBeGreaterThanOrEqual(990);
      }
    }
    // Every frame sent reached its client, in order.
    clients.forEach((c, i) => {
      const updates = topicFrames(c).filter((f) => f.type === "update");
      expect(updates.length).toBe(sent.get(symbols[i] ?? "")?.length);
    });
    for (const c of clients) expectContinuous(topicFrames(c));
    for (const c of clients) c.ws.close();
  });

  it.each([
    ["a frame that is not JSON", "subscribe BTC", /not valid JSON/],
    ["a binary frame", Buffer.from([1, 2, 3]), /binary/],
    ["a frame without op", {}, /op is missing/],
    ["an unknown op", { op: "unsubscribe" }, /"unsubscribe" is unknown/],
    ["no symbol", { op: "subscribe", interval: "1m" }, /symbol is missing/],
    ["an unknown symbol", { op: "subscribe", symbol: "BTC-USDT", interval: "1m" }, /not listed/],
    ["no interval", { op: "subscribe", symbol: BTC }, /interval is missing/],
    ["a bad interval", { op: "subscribe", symbol: BTC, interval: "2m" }, /interval "2m"/],
    ["limit 0", { op: "subscribe", symbol: BTC, interval: "1m", limit: 0 }, /limit/],
    ["limit 1001", { op: "subscribe", symbol: BTC, interval: "1m", limit: 1001 }, /limit/],
  ])("answers %s with an error frame and keeps the connection", async (_name, sent, message) => {
    const client = open(`/kdata?symbol=${Q_BTC}&interval=1m&limit=2`);
    await client.frame((f) => f.type === "snapshot");
    client.ws.send(typeof sent === "string" || Buffer.isBuffer(sent) ? sent : JSON.stringify(sent));
    const error = await client.frame((f) => f.type === "error");
    expect(error).toEqual({ type: "error", code: "VALIDATION", message: expect.any(String) });
    expect(String(error.message)).toMatch(message);
    // Nothing changed: still on its topic, and it still works.
    client.ws.send(JSON.stringify({ op: "ping" }));
    await client.frame((f) => f.type === "pong");
    client.ws.send(JSON.stringify({ op: "subscribe", symbol: "ETH/USDT", interval: "5m" }));
    const snapshot = await client.frame((f) => f.type === "snapshot" && f.symbol === "ETH/USDT");
    expect(snapshot).toMatchObject({ interval: "5m" });
    expect((snapshot.candles as KlineRow[]).length).toBeGreaterThan(100);
    client.ws.close();
  });

  it.each([
    ["/kdata", /symbol is missing/],
    ["/kdata?symbol=BTC%2FUSDT", /interval is missing/],
    ["/kdata?symbol=BTC%2FUSDT&interval=1m&limit=5000", /limit/],
    ["/depth?symbol=FOO%2FUSDT", /not listed/],
  ])(
    "answers a bad query on %s with an error frame; the client may subscribe",
    async (path, message) => {
      const client = open(path);
      const error = await client.frame((f) => f.type === "error");
      expect(String(error.message)).toMatch(message);
      expect(client.ws.readyState).toBe(client.ws.OPEN);
      const subscribe = { op: "subscribe", symbol: "SOL/USDT", interval: "1h" };
      client.ws.send(JSON.stringify(subscribe));
      expect(await client.frame((f) => f.type === "snapshot")).toMatchObject({
        symbol: "SOL/USDT",
        seq: expect.any(Number),
      });
      client.ws.close();
    },
  );

  it("rate-limits error frames from a chatty client", async () => {
    const client = open("/data");
    await client.frame((f) => f.type === "tickers");
    for (let i = 0; i < 30; i += 1) client.ws.send("nonsense");
    client.ws.send(JSON.stringify({ op: "ping" }));
    await client.frame((f) => f.type === "pong");
    expect(client.frames.filter((f) => f.type === "error")).toHaveLength(3);
    client.ws.close();
  });

  it("switches topics with subscribe: leaves the old one, snapshot of the new", async () => {
    const client = open(`/depth?symbol=${Q_BTC}`);
    await client.frame((f) => f.type === "snapshot" && f.symbol === BTC);
    client.ws.send(JSON.stringify({ op: "subscribe", symbol: "ETH/USDT" }));
    await client.frame((f) => f.type === "snapshot" && f.symbol === "ETH/USDT");
    const switched = client.frames.length;
    await step(5, 120);
    await quiet([client]);
    const later = client.frames.slice(switched);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((f) => f.symbol === "ETH/USDT")).toBe(true);
    client.ws.close();
  });

  it("cuts a client that stops answering pings; one that answers stays", async () => {
    const silent = connect(`${base}/data`, { autoPong: false });
    const healthy = open("/data");
    await silent.frame((f) => f.type === "tickers");
    expect((await silent.closed(PING_MS * 5)).code).toBe(1006);
    expect(await staysFalse(() => healthy.ws.readyState !== healthy.ws.OPEN, PING_MS * 3)).toBe(
      true,
    );
    healthy.ws.close();
  });
});

describe("market sockets on close", () => {
  it("closes every market socket promptly when the app closes", async () => {
    const closing = await buildTestApp({ db: db() });
    closing.market.attach(market.feed);
    const port = await freePort();
    await closing.listen({ port, host: "127.0.0.1" });
    const url = `ws://127.0.0.1:${port}${WS_BASE}`;
    const sockets = [
      connect(`${url}/data`),
      connect(`${url}/depth?symbol=${Q_BTC}`),
      connect(`${url}/kdata?symbol=${Q_BTC}&interval=1m`),
    ];
    for (const socket of sockets.slice(1)) await socket.frame((f) => f.type === "snapshot");
    await sockets[0]?.frame((f) => f.type === "tickers");
    expect(closing.marketHub.counters().clients).toBe(3);
    // One client never answers the close frame: it must not hold the shutdown.
    sockets[0]?.ws.pause();
    await within(closing.close(), 20_000, "app.close with open market sockets");
    for (const socket of sockets.slice(1)) expect((await socket.closed()).code).toBe(1001);
    expect(closing.marketHub.counters().clients).toBe(0);
  });
});
