import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database, DB_NAME } from "../../db/database";
import { reportReachability } from "../online";
import { FakeSocketServer } from "../testing/fake-sockets";
import { ManualClock } from "../testing/manual-clock";
import { depthFrame, kdataFrame, klines } from "../testing/market-fixtures";
import { DEAD_AFTER_MS, PING_AFTER_MS, type FeedEvent } from "./feed-socket";
import { watchMarket } from "./market-watch";
import { configureFeeds, resetTabFeeds, tabMarketWriter } from "./tab-feeds";
import { LINGER_MS } from "./topic-feed";

let clock: ManualClock;
let server: FakeSocketServer;
let events: { event: FeedEvent; detail: Record<string, unknown> }[];
const stops: (() => void)[] = [];

function watch(...args: Parameters<typeof watchMarket>) {
  const stop = watchMarket(...args);
  stops.push(stop);
  return stop;
}

const flush = () => tabMarketWriter().flush();
const book = async (symbol = "BTC/USDT") => (await database().depth.get(symbol)) ?? null;
const BTC = { kind: "depth", symbol: "BTC/USDT" } as const;
const ETH = { kind: "depth", symbol: "ETH/USDT" } as const;

describe("watchMarket", () => {
  beforeEach(async () => {
    await resetTabFeeds();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    clock = new ManualClock();
    server = new FakeSocketServer();
    events = [];
    reportReachability(true);
    configureFeeds(
      clock.environment(undefined, { openSocket: server.openSocket }),
      (event, detail) => events.push({ event, detail }),
    );
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    await resetTabFeeds();
    reportReachability(true);
  });

  it("connects /ws/depth for the symbol and writes the book from snapshot and updates", async () => {
    watch(BTC);
    const socket = server.last("/ws/depth");
    expect(socket.address).toBe("/ws/depth?symbol=BTC%2FUSDT");
    socket.open();
    socket.receive(
      depthFrame(
        "snapshot",
        10,
        [
          ["100", "1"],
          ["99", "2"],
        ],
        [["101", "1"]],
      ),
    );
    socket.receive(
      depthFrame("update", 11, [
        ["99", "0"],
        ["100.5", "3"],
      ]),
    );
    await flush();
    expect(await book()).toMatchObject({
      symbol: "BTC/USDT",
      bids: [
        ["100.5", "3"],
        ["100", "1"],
      ],
      asks: [["101", "1"]],
    });
  });

  it("on a seq gap resubscribes, ignores updates until the snapshot, then resumes", async () => {
    watch(BTC);
    const socket = server.last("/ws/depth").open();
    socket.receive(depthFrame("snapshot", 1, [["100", "1"]]));
    socket.receive(depthFrame("update", 2, [["100", "2"]]));
    // Frame 3 was lost.
    socket.receive(depthFrame("update", 4, [["100", "4"]]));
    expect(socket.ops()).toEqual([{ op: "subscribe", symbol: "BTC/USDT" }]);
    expect(events.map((e) => e.event)).toEqual(["seq-gap"]);
    // Updates before the answering snapshot would build on a broken book: ignored.
    socket.receive(depthFrame("update", 5, [["100", "5"]]));
    await flush();
    expect((await book())?.bids).toEqual([["100", "2"]]);

    socket.receive(
      depthFrame("snapshot", 9, [
        ["100", "9"],
        ["98", "1"],
      ]),
    );
    socket.receive(depthFrame("update", 10, [["98", "0"]]));
    await flush();
    expect((await book())?.bids).toEqual([["100", "9"]]);
    // One resubscribe, on the same connection.
    expect(socket.ops()).toHaveLength(1);
    expect(server.on("/ws/depth")).toHaveLength(1);
  });

  it("ignores updates that arrive before the connection's first snapshot", async () => {
    watch(BTC);
    const socket = server.last("/ws/depth").open();
    socket.receive(depthFrame("update", 5, [["100", "5"]]));
    await flush();
    expect(await book()).toBeNull();
    expect(socket.ops()).toEqual([]);
  });

  it("ignores malformed frames and server errors, and keeps the connection", async () => {
    watch(BTC);
    const socket = server.last("/ws/depth").open();
    socket.receive(depthFrame("snapshot", 1, [["100", "1"]]));
    socket.receive("not json {");
    socket.receive({ ...depthFrame("update", 2, [["100", "7"]]), bids: [[100, 7]] });
    socket.receive({ type: "error", code: "VALIDATION", message: "symbol: unknown" });
    socket.receive(depthFrame("update", 2, [["100", "2"]]));
    await flush();
    expect((await book())?.bids).toEqual([["100", "2"]]);
    expect(events.map((e) => e.event)).toEqual([
      "malformed-frame",
      "malformed-frame",
      "server-error",
    ]);
    expect(socket.closedByClient).toBe(false);
    expect(socket.ops()).toEqual([]);
  });

  it("shares one socket per path: the last watcher's topic wins, and leaving switches back", async () => {
    const stopBtc = watch(BTC);
    const socket = server.last("/ws/depth").open();
    socket.receive(depthFrame("snapshot", 1, [["100", "1"]]));
    const stopEth = watch(ETH);
    expect(socket.ops()).toEqual([{ op: "subscribe", symbol: "ETH/USDT" }]);
    // A late BTC frame is not ETH's.
    socket.receive(depthFrame("update", 2, [["100", "2"]]));
    socket.receive(depthFrame("snapshot", 1, [["3000", "1"]], [], "ETH/USDT"));
    await flush();
    expect((await book())?.bids).toEqual([["100", "1"]]);
    expect((await book("ETH/USDT"))?.bids).toEqual([["3000", "1"]]);

    stopEth();
    expect(socket.ops().at(-1)).toEqual({ op: "subscribe", symbol: "BTC/USDT" });
    stopBtc();
    // Lingers (a screen switch or React's double effect watches again at once), then closes.
    expect(socket.closedByClient).toBe(false);
    clock.advance(LINGER_MS);
    expect(socket.closedByClient).toBe(true);
    expect(server.on("/ws/depth")).toHaveLength(1);
  });

  it("counts watchers per topic: the socket stays while one is left", () => {
    const first = watch(BTC);
    const second = watch(BTC);
    const socket = server.last("/ws/depth").open();
    first();
    first();
    clock.advance(LINGER_MS * 2);
    expect(socket.closedByClient).toBe(false);
    second();
    clock.advance(LINGER_MS);
    expect(socket.closedByClient).toBe(true);
  });

  it("re-watching within the linger keeps the connection", () => {
    watch(BTC)();
    const socket = server.last("/ws/depth").open();
    watch(BTC);
    clock.advance(LINGER_MS * 2);
    expect(socket.closedByClient).toBe(false);
    expect(socket.ops()).toEqual([]);
  });

  it("asks for the new topic when it changed while the connection was opening", () => {
    watch(BTC);
    watch(ETH);
    const socket = server.last("/ws/depth");
    expect(socket.query("symbol")).toBe("BTC/USDT");
    socket.open();
    expect(socket.ops()).toEqual([{ op: "subscribe", symbol: "ETH/USDT" }]);
  });

  it("reconnects with full-jitter backoff, growing while it fails", async () => {
    await resetTabFeeds();
    // Full jitter: each wait is random() × min(cap, 1 s × 2^failures).
    const draws = [0.9, 0.1, 0.5];
    configureFeeds(
      clock.environment(undefined, {
        openSocket: server.openSocket,
        random: () => draws.shift() ?? 0.5,
      }),
      () => undefined,
    );
    watch(BTC);
    const count = () => server.on("/ws/depth").length;
    for (const [failures, wait] of [
      [1, 900],
      [2, 200],
      [3, 2_000],
    ] as const) {
      server.last("/ws/depth").drop();
      clock.advance(wait - 1);
      expect(count()).toBe(failures);
      clock.advance(1);
      expect(count()).toBe(failures + 1);
    }
    expect(server.last("/ws/depth").query("symbol")).toBe("BTC/USDT");
  });

  it("resnapshots after reconnecting: the new connection's first snapshot starts afresh", async () => {
    watch(BTC);
    const first = server.last("/ws/depth").open();
    first.receive(depthFrame("snapshot", 1, [["100", "1"]]));
    first.drop();
    clock.advance(500);
    const second = server.last("/ws/depth").open();
    // The count starts again with the connection; an update before its snapshot is ignored.
    second.receive(depthFrame("update", 2, [["100", "2"]]));
    second.receive(depthFrame("snapshot", 50, [["100", "50"]]));
    second.receive(depthFrame("update", 51, [["100", "51"]]));
    await flush();
    expect((await book())?.bids).toEqual([["100", "51"]]);
    expect(second.ops()).toEqual([]);
  });

  it("does not connect while offline, and connects at once when back online", () => {
    reportReachability(false);
    watch(BTC);
    clock.advance(60_000);
    expect(server.sockets).toEqual([]);
    reportReachability(true);
    expect(server.on("/ws/depth")).toHaveLength(1);
  });

  it("pings a quiet connection and replaces a silent one", () => {
    watch(BTC);
    const socket = server.last("/ws/depth").open();
    socket.receive(depthFrame("snapshot", 1, [["100", "1"]]));
    clock.advance(PING_AFTER_MS);
    expect(socket.ops()).toEqual([{ op: "ping" }]);
    socket.receive({ type: "pong" });
    clock.advance(PING_AFTER_MS);
    expect(socket.ops()).toEqual([{ op: "ping" }, { op: "ping" }]);
    // Nothing at all, pong included, for DEAD_AFTER_MS: dead.
    clock.advance(DEAD_AFTER_MS);
    expect(socket.closedByClient).toBe(true);
    expect(events.map((e) => e.event)).toContain("reconnect");
    clock.advance(1_000);
    expect(server.live("/ws/depth")).toHaveLength(1);
  });

  it("watches candles on /ws/kdata and writes them", async () => {
    watch({ kind: "kdata", symbol: "ETH/USDT", interval: "15m" });
    const socket = server.last("/ws/kdata");
    expect(socket.address).toBe("/ws/kdata?symbol=ETH%2FUSDT&interval=15m");
    socket.open();
    const start = Date.UTC(2026, 3, 1, 9);
    socket.receive(kdataFrame("snapshot", 3, klines(4, start, 900_000), "ETH/USDT", "15m"));
    const [last] = klines(1, start + 3 * 900_000);
    if (!last) throw new Error("no candle");
    socket.receive(
      kdataFrame("update", 4, [[last[0], "1", "9", "1", "8", "5"]], "ETH/USDT", "15m"),
    );
    // Another interval of the same symbol is another topic.
    socket.receive(kdataFrame("update", 5, klines(1, start), "ETH/USDT", "1m"));
    await flush();
    const rows = await database().candles.toArray();
    expect(rows).toHaveLength(4);
    expect(rows.at(-1)).toMatchObject({ interval: "15m", c: "8", h: "9" });
  });

  it("refuses a malformed topic before anything connects", () => {
    expect(() => watchMarket({ kind: "depth", symbol: "btc" })).toThrow(RangeError);
    expect(() =>
      // @ts-expect-error: an interval the contract does not have
      watchMarket({ kind: "kdata", symbol: "BTC/USDT", interval: "2m" }),
    ).toThrow(RangeError);
    expect(server.sockets).toEqual([]);
  });
});
