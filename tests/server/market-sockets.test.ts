// The market websockets' topics end to end (harness: helpers/market-sockets-kit.ts): seq
// continuity per topic and one string for all subscribers, REST and websocket agreeing on the
// last candles, the tickers' heartbeat and depth conflation. The clients (slow, malformed, silent,
// switching) and closing: market-sockets-clients.test.ts.
import { describe, expect, it, vi } from "vitest";
import { DEPTH_MAX_PER_SECOND } from "../../protocol/feed";
import type { KlineRow, Ticker } from "../../protocol/market";
import { DepthTopic } from "../../server/market/hub/depth-topic";
import {
  BTC,
  bookOf,
  candlesOf,
  expectContinuous,
  expectSameStrings,
  Q_BTC,
  quiet,
  topicFrames,
  useMarketSockets,
  type Client,
} from "./helpers/market-sockets-kit";
import type { Frame } from "./helpers/ws-client";

const kit = useMarketSockets();
const { step, open, rest, klines } = kit;

/** DepthTopic's protected publish, which the conflation test times. */
interface Publishing {
  publish(this: DepthTopic, frame: object): void;
}

describe("market socket topics", () => {
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
      const now = kit.market.feed.depth(BTC, 20);
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
    const minuteBefore = Math.floor(kit.clock / 60_000);
    await step(40, 10);
    expect(Math.floor(kit.clock / 60_000)).toBeGreaterThan(minuteBefore);
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
          `&end=${encodeURIComponent(new Date(kit.clock).toISOString())}`,
      );
      expect(candlesOf(topicFrames(client)).slice(-3), interval).toEqual(served);
      client.ws.close();
    }
  });

  it("tickers: complete frames at least every heartbeat, seq+1, one string for all", async () => {
    const clients = [0, 1, 2].map(() => open("/data"));
    const before = kit.app.marketHub.counters();
    for (const c of clients) await c.frame((f) => f.seq > 0);
    // No market activity at all: the heartbeat keeps frames coming.
    const first = clients[0]?.frames[0]?.seq ?? 0;
    for (const c of clients) await c.frame((f) => f.seq >= first + 3, 3000);
    await step(3);
    const now = new Date(kit.clock).toISOString();
    const btcAt = (f: Frame) => (f.data as Ticker[]).find((t) => t.symbol === BTC)?.ts;
    for (const c of clients) await c.frame((f) => btcAt(f) === now, 3000);
    for (const c of clients) {
      expect(c.frames.every((f) => f.type === "tickers")).toBe(true);
      expectContinuous(c.frames);
    }
    const [a, b, c] = clients as [Client, Client, Client];
    expect(expectSameStrings(a, b) + expectSameStrings(a, c)).toBeGreaterThan(6);
    // Serialised once per frame, sent once per client: three sends per serialisation here.
    const after = kit.app.marketHub.counters();
    const serialised = after.framesSerialised - before.framesSerialised;
    expect(after.framesSent - before.framesSent).toBeGreaterThanOrEqual(2.5 * serialised);
    expect(a.frames.at(-1)?.data).toHaveLength(12);
    for (const s of clients) s.ws.close();
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
});
