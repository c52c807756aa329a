// The real BinanceSource against a local websocket server (127.0.0.1, a port the OS picks) that
// plays the exchange: it replays the frames recorded from Binance (tests/fixtures/binance), drops
// connections, refuses them, and carries the same updates on two connections during a rotation.
// Time is a ManualScheduler: backoff waits and the 23 h 50 min rotation pass without waiting.
// Frames marked "derived" are built here from a recorded one (trade id, time and price moved).
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import type {
  BookSnapshot,
  SourceCandle,
  SourceTick,
} from "../../server/market/sources/market-source";
import {
  BinanceSource,
  ROTATE_AFTER_MS,
  type BinanceSourceOptions,
} from "../../server/market/sources/binance/binance-source";
import { parseFrame, symbolTable } from "../../server/market/sources/binance/parse";
import { streamNames } from "../../server/market/sources/binance/streams";
import { SYMBOLS } from "../../server/market/symbols";
import { ManualScheduler } from "./helpers/manual-scheduler";

const T0 = Date.UTC(2026, 0, 1);

function fixture(name: string): string[] {
  const url = new URL(`../fixtures/binance/${name}`, import.meta.url);
  return readFileSync(url, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

const [RECORDED_TICKER = ""] = fixture("ticker.jsonl");

/** The recorded BTC ticker moved on by `i` trades and seconds (derived). */
function tickerFrame(i: number): string {
  const frame = JSON.parse(RECORDED_TICKER) as { data: Record<string, unknown> };
  frame.data.L = 235894703 + i;
  frame.data.E = 1580254809477 + i * 1000;
  frame.data.c = (9338.96 + i / 100).toFixed(8);
  return JSON.stringify(frame);
}

/** A websocket server standing in for stream.binance.com. */
class Exchange {
  readonly server: WebSocketServer;
  readonly sockets: WebSocket[] = [];
  readonly urls: string[] = [];

  private constructor(server: WebSocketServer) {
    this.server = server;
    server.on("connection", (ws, req) => {
      this.sockets.push(ws);
      this.urls.push(req.url ?? "");
    });
  }

  static async listen(port = 0): Promise<Exchange> {
    const server = new WebSocketServer({ host: "127.0.0.1", port });
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    return new Exchange(server);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  open(): WebSocket[] {
    return this.sockets.filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /** Sends `frames` on every open connection, as the exchange publishes to every subscriber. */
  broadcast(frames: readonly string[]): void {
    for (const ws of this.open()) for (const frame of frames) ws.send(frame);
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

interface Received {
  ticks: SourceTick[];
  books: BookSnapshot[];
  candles: SourceCandle[];
}

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

function startSource(
  exchange: Exchange,
  scheduler: ManualScheduler,
  options: Partial<BinanceSourceOptions> = {},
): { source: BinanceSource; received: Received; warnings: string[]; infos: string[] } {
  const received: Received = { ticks: [], books: [], candles: [] };
  const warnings: string[] = [];
  const infos: string[] = [];
  const source = new BinanceSource({
    specs: SYMBOLS,
    baseUrl: `ws://127.0.0.1:${exchange.port}/stream`,
    scheduler,
    random: () => 0.5,
    staleAfterMs: 0,
    log: { info: (msg) => infos.push(msg), warn: (msg) => warnings.push(msg) },
    ...options,
  });
  source.start({
    onTicks: (ticks) => received.ticks.push(...ticks),
    onBook: (book) => received.books.push(book),
    onCandles: (candles) => received.candles.push(...candles),
  });
  running.push(source, { stop: () => exchange.close() });
  return { source, received, warnings, infos };
}

// A liveness bound: two test files share the CPUs (vitest.config.ts).
async function until(what: string, done: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("BinanceSource on a local exchange", () => {
  it("subscribes the 36 streams and emits exactly what parsing the recorded frames gives", async () => {
    const exchange = await Exchange.listen();
    const scheduler = new ManualScheduler(T0);
    const { source, received } = startSource(exchange, scheduler);
    await until("the connection", () => exchange.open().length === 1);
    expect(exchange.urls).toEqual([`/stream?streams=${streamNames(SYMBOLS).join("/")}`]);

    const lines = ["ticker.jsonl", "depth20.jsonl", "kline_1m.jsonl", "unsubscribed.jsonl"].flatMap(
      fixture,
    );
    exchange.broadcast(lines);
    await until("every frame", () => source.stats.frames === lines.length);

    const parsed = lines.map((line) => parseFrame(line, symbolTable(SYMBOLS), scheduler.now()));
    expect(received.ticks).toEqual(parsed.flatMap((p) => (p.kind === "tick" ? [p.tick] : [])));
    expect(received.books).toEqual(parsed.flatMap((p) => (p.kind === "book" ? [p.book] : [])));
    expect(received.candles).toEqual(
      parsed.flatMap((p) => (p.kind === "candle" ? [p.candle] : [])),
    );
    expect([received.ticks.length, received.books.length, received.candles.length]).toEqual([
      2, 2, 2,
    ]);
    expect(source.stats).toMatchObject({ malformed: 3, duplicates: 0, reconnects: 0 });
  });

  it("reconnects after the exchange drops it, waiting full-jitter backoff delays", async () => {
    let exchange = await Exchange.listen();
    const port = exchange.port;
    const scheduler = new ManualScheduler(T0);
    const { source, received } = startSource(exchange, scheduler);
    await until("the connection", () => exchange.open().length === 1);
    exchange.broadcast([tickerFrame(0)]);
    await until("the first tick", () => received.ticks.length === 1);

    // Dropped: the first retry waits random * 1 s (random pinned at 0.5).
    exchange.sockets[0]?.terminate();
    await until("a reconnect plan", () => source.stats.reconnects === 1);
    expect(scheduler.pending()).toContain(500);

    // The exchange is gone: the attempt fails and the next wait doubles its ceiling (2 s).
    await exchange.close();
    scheduler.advance(500);
    await until("a second reconnect plan", () => source.stats.reconnects === 2);
    expect(scheduler.pending()).toContain(1_000);
    expect(source.stats.connections).toBe(2);

    // Back again: the third connection works and the stream goes on.
    exchange = await Exchange.listen(port);
    running.push({ stop: () => exchange.close() });
    scheduler.advance(1_000);
    await until("the third connection", () => exchange.open().length === 1);
    exchange.broadcast([tickerFrame(1)]);
    await until("the second tick", () => received.ticks.length === 2);
    expect(received.ticks.map((t) => t.price)).toEqual(["9338.96", "9338.97"]);

    // A delivering connection resets the backoff: the next drop waits the first delay again.
    exchange.sockets[0]?.terminate();
    await until("a third reconnect plan", () => source.stats.reconnects === 3);
    expect(scheduler.pending()).toContain(500);
    const delays = scheduler.requested.filter((ms) => ms < ROTATE_AFTER_MS);
    expect(delays).toEqual([500, 1_000, 500]);
  });

  it("rotates before 24 h: the second connection opens before the first closes, nothing lost or doubled", async () => {
    const exchange = await Exchange.listen();
    const scheduler = new ManualScheduler(T0);
    const { source, received } = startSource(exchange, scheduler);
    await until("the connection", () => exchange.open().length === 1);
    const frames = Array.from({ length: 12 }, (_, i) => tickerFrame(i));

    exchange.broadcast(frames.slice(0, 4));
    await until("4 ticks", () => received.ticks.length === 4);

    scheduler.advance(ROTATE_AFTER_MS - 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exchange.sockets).toHaveLength(1);
    scheduler.advance(1);
    await until("a second connection", () => exchange.open().length === 2);
    const [first, second] = exchange.sockets;
    expect(first?.readyState).toBe(WebSocket.OPEN);

    // Both connections carry the same updates until the new one has delivered. Which copy
    // arrives first is the network's choice; here the old one's do (sent, and taken, before the
    // new one's), so the new one's repeat them: each counted once, and the old one then closes.
    for (const frame of frames.slice(4, 8)) first?.send(frame);
    await until("8 ticks", () => received.ticks.length === 8);
    for (const frame of frames.slice(4, 8)) second?.send(frame);
    await until("the first connection closed", () => first?.readyState === WebSocket.CLOSED);
    await until("4 duplicates", () => source.stats.duplicates === 4);
    exchange.broadcast(frames.slice(8));
    await until("12 ticks", () => received.ticks.length === 12);

    const parsed = frames.map((f) => parseFrame(f, symbolTable(SYMBOLS), scheduler.now()));
    expect(received.ticks).toEqual(parsed.flatMap((p) => (p.kind === "tick" ? [p.tick] : [])));
    expect(source.stats).toMatchObject({
      rotations: 1,
      connections: 2,
      reconnects: 0,
      duplicates: 4,
    });
    expect(second?.readyState).toBe(WebSocket.OPEN);
    // The new connection's own rotation is planned.
    expect(scheduler.pending()).toContain(ROTATE_AFTER_MS);
  });

  it("counts, logs and skips malformed frames without dropping the connection", async () => {
    const exchange = await Exchange.listen();
    const scheduler = new ManualScheduler(T0);
    const { source, received, warnings } = startSource(exchange, scheduler);
    await until("the connection", () => exchange.open().length === 1);
    const [ws] = exchange.sockets;
    ws?.send("not json");
    ws?.send(Buffer.from(RECORDED_TICKER), { binary: true });
    ws?.send('{"stream":"btcusdt@ticker","data":{"e":"24hrTicker"}}');
    ws?.send(RECORDED_TICKER);
    for (const line of fixture("unsubscribed.jsonl")) ws?.send(line);
    for (const line of fixture("kline_1m.jsonl")) ws?.send(line);
    await until("every frame", () => source.stats.frames === 9);

    expect(source.stats.malformed).toBe(6);
    // Logged at the 1st, 2nd and 4th rejection only.
    expect(warnings.filter((w) => w.startsWith("binance frame rejected"))).toHaveLength(3);
    expect(warnings[0]).toContain("not JSON");
    expect(received.ticks).toHaveLength(1);
    expect(received.candles).toHaveLength(2);
    expect(ws?.readyState).toBe(WebSocket.OPEN);
    expect(source.stats).toMatchObject({ connections: 1, reconnects: 0 });
  });

  it("drops a connection that falls silent and reconnects", async () => {
    const exchange = await Exchange.listen();
    const scheduler = new ManualScheduler(T0);
    const { source, infos } = startSource(exchange, scheduler, { staleAfterMs: 60_000 });
    await until("the connection", () => exchange.open().length === 1);
    // The exchange sees the connection before the source does, and the watchdog drops only a
    // connection the source knows is open: time must not pass before that, or nothing is dropped.
    await until("the source's side open", () => infos.includes("binance stream #1 connected"));
    scheduler.advance(60_000);
    expect(source.stats.reconnects).toBe(0); // not yet silent for longer than a minute
    scheduler.advance(30_000);
    await until("a reconnect plan", () => source.stats.reconnects === 1);
    scheduler.advance(500);
    await until(
      "a second connection",
      () => exchange.open().length === 1 && exchange.sockets.length === 2,
    );
  });

  it("stops: closes its connection and plans nothing more", async () => {
    const exchange = await Exchange.listen();
    const scheduler = new ManualScheduler(T0);
    const { source } = startSource(exchange, scheduler);
    await until("the connection", () => exchange.open().length === 1);
    await source.stop();
    await until("the server side closed", () => exchange.open().length === 0);
    expect(scheduler.pending()).toEqual([]);
    scheduler.advance(ROTATE_AFTER_MS * 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exchange.sockets).toHaveLength(1);
  });
});
