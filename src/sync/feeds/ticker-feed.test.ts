import Dexie from "dexie";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ticker } from "../../../protocol";
import { closeDatabase, database, DB_NAME } from "../../db/database";
import { reportReachability } from "../online";
import { FakeSocketServer } from "../testing/fake-sockets";
import { ManualClock } from "../testing/manual-clock";
import { ticker } from "../testing/market-fixtures";
import type { FeedEvent } from "./feed-socket";
import { MarketWriter } from "./market-writer";
import { TickerFeed } from "./ticker-feed";

let clock: ManualClock;
let server: FakeSocketServer;
let writer: MarketWriter;
let events: FeedEvent[];
let restCalls: number;
let restAnswer: () => Promise<Ticker[]>;
let feed: TickerFeed;

function start(): TickerFeed {
  feed = new TickerFeed({
    env: clock.environment(undefined, { openSocket: server.openSocket }),
    writer,
    fetchTickers: () => {
      restCalls += 1;
      return restAnswer();
    },
    log: (event) => events.push(event),
  });
  feed.start();
  return feed;
}

/** Lets pending promises (a REST answer) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const last = async (symbol: string) => (await database().tickers.get(symbol))?.last;
const frame = (seq: number, data: Ticker[]) => ({ type: "tickers", seq, data });

describe("TickerFeed", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
    clock = new ManualClock();
    server = new FakeSocketServer();
    writer = new MarketWriter({ env: clock });
    events = [];
    restCalls = 0;
    restAnswer = async () => [ticker("BTC/USDT", { last: "1.00" })];
    reportReachability(true);
  });
  afterEach(() => feed.stop());

  it("fills the table over REST on start, then from /ws/data frames", async () => {
    start();
    await feed.fetchOnce();
    await writer.flush();
    expect(restCalls).toBe(1);
    expect(await last("BTC/USDT")).toBe("1.00");

    const socket = server.last("/ws/data");
    expect(socket.address).toBe("/ws/data");
    socket.open();
    socket.receive(
      frame(1, [
        ticker("BTC/USDT", { last: "2.00", ts: "2026-04-01T10:00:01.000Z" }),
        ticker("ETH/USDT", { last: "3.00" }),
      ]),
    );
    await writer.flush();
    expect(await last("BTC/USDT")).toBe("2.00");
    expect(await last("ETH/USDT")).toBe("3.00");
  });

  it("needs no resubscribe after a gap: every tickers frame is complete", async () => {
    start();
    const socket = server.last("/ws/data").open();
    socket.receive(frame(1, [ticker("BTC/USDT", { last: "1.00" })]));
    socket.receive(frame(2, [ticker("BTC/USDT", { last: "2.00" })]));
    socket.receive(frame(5, [ticker("BTC/USDT", { last: "5.00" })]));
    await writer.flush();
    expect(await last("BTC/USDT")).toBe("5.00");
    expect(socket.ops()).toEqual([]);
    expect(events).toEqual(["seq-gap"]);
  });

  it("ignores malformed frames and error frames", async () => {
    start();
    const socket = server.last("/ws/data").open();
    socket.receive(frame(1, [ticker("BTC/USDT", { last: "1.00" })]));
    socket.receive(frame(2, [{ ...ticker("BTC/USDT"), last: 99 } as unknown as Ticker]));
    socket.receive("<html>502 Bad Gateway</html>");
    socket.receive({ type: "error", code: "VALIDATION", message: "unknown op" });
    await writer.flush();
    expect(await last("BTC/USDT")).toBe("1.00");
    expect(events).toEqual(["malformed-frame", "malformed-frame", "server-error"]);
    expect(socket.closedByClient).toBe(false);
  });

  it("asks REST once more whenever the socket cannot connect, not when an open one drops", async () => {
    start();
    expect(restCalls).toBe(1);
    await settle();
    server.last("/ws/data").drop();
    expect(restCalls).toBe(2);
    await settle();
    clock.advance(1_000);
    server.last("/ws/data").open().drop();
    expect(restCalls).toBe(2);
  });

  it("writes nothing from a REST answer that came after it stopped", async () => {
    let answer: (tickers: Ticker[]) => void = () => undefined;
    restAnswer = () => new Promise((resolve) => (answer = resolve));
    start();
    feed.stop();
    expect(server.last("/ws/data").closedByClient).toBe(true);
    answer([ticker("BTC/USDT")]);
    await feed.fetchOnce();
    await writer.flush();
    expect(await database().tickers.count()).toBe(0);
  });

  it("survives a failing REST call (offline, server down)", async () => {
    restAnswer = () => Promise.reject(new Error("Network Error"));
    start();
    await feed.fetchOnce();
    const socket = server.last("/ws/data").open();
    socket.receive(frame(1, [ticker("BTC/USDT", { last: "7.00" })]));
    await writer.flush();
    expect(await last("BTC/USDT")).toBe("7.00");
  });
});
