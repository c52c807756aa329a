// The market websockets' clients end to end (harness: helpers/market-sockets-kit.ts): a paused
// client skipped, bounded, then resnapshotted while the others get every frame; malformed frames
// and bad queries answered with error frames on a surviving connection; switching topics; ping
// liveness; and every socket closed when the app closes. The topics: market-sockets.test.ts.
import { describe, expect, it } from "vitest";
import type { KlineRow } from "../../protocol/market";
import {
  BTC,
  candlesOf,
  expectContinuous,
  HIGH_WATER,
  listenSocketsApp,
  PING_MS,
  Q_BTC,
  quiet,
  sleep,
  topicFrames,
  useMarketSockets,
  type Client,
} from "./helpers/market-sockets-kit";
import { within } from "./helpers/net";
import { connect, staysFalse } from "./helpers/ws-client";

const kit = useMarketSockets();
const { step, open, klines, serverBuffers } = kit;

/**
 * Stops `client` reading and asks for 1000-candle snapshots until the server has skipped it:
 * the kernel's buffers fill first, then the server's own, up to the high-water mark.
 */
async function pauseUntilSkipped(client: Client, subscribe: string): Promise<void> {
  const skipped = kit.app.marketHub.counters().framesSkipped;
  client.ws.pause();
  for (let i = 0; i < 2000 && kit.app.marketHub.counters().framesSkipped === skipped; i += 1) {
    client.ws.send(subscribe);
    if (i % 10 === 9) await sleep(5);
  }
  expect(kit.app.marketHub.counters().framesSkipped).toBeGreaterThan(skipped);
}

describe("market socket clients", () => {
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
      resnapshots = kit.app.marketHub.counters().resnapshots;
      const skipped = kit.app.marketHub.counters().framesSkipped;
      await step(1);
      if (kit.app.marketHub.counters().framesSkipped > skipped) break;
    }
    await step(4, 20); // more updates the slow client misses
    slow.ws.resume();
    await within(
      (async () => {
        const waiting = () => kit.app.marketHub.counters().resnapshots === resnapshots;
        while (waiting() && slow.ws.readyState === slow.ws.OPEN) await sleep(20);
      })(),
      // A liveness bound, not a speed target: two test files share the CPUs (vitest.config.ts).
      20_000,
      "the resnapshot",
    );
    expect(slow.ws.readyState, "the server cut the paused client").toBe(slow.ws.OPEN);
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
    // Its own app: the shared one pings rarely, so the tests that pause a client keep it.
    const { app, base } = await listenSocketsApp(kit.db(), kit.market.feed, {
      pingIntervalMs: PING_MS,
    });
    try {
      const silent = connect(`${base}/data`, { autoPong: false });
      const healthy = connect(`${base}/data`);
      await silent.frame((f) => f.type === "tickers");
      expect((await silent.closed(PING_MS * 5)).code).toBe(1006);
      expect(await staysFalse(() => healthy.ws.readyState !== healthy.ws.OPEN, PING_MS * 3)).toBe(
        true,
      );
      healthy.ws.close();
    } finally {
      await app.close();
    }
  });
});

describe("market sockets on close", () => {
  it("closes every market socket promptly when the app closes", async () => {
    const { app: closing, base: url } = await listenSocketsApp(kit.db(), kit.market.feed);
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
