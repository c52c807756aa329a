// The market websocket hub behind /ws/data, /ws/depth and /ws/kdata (API.md "Websockets",
// protocol/feed.ts): takes over upgraded sockets, answers their ops, keeps one topic per
// (kind, symbol, interval) fed by the attached MarketFeed's flush and book events, pings, and
// watches skipped sockets until they drain. No Fastify here: the plugin only wires it in.
import { performance } from "node:perf_hooks";
import type { RawData, WebSocket } from "ws";
import { DEPTH_LEVELS, KDATA_MAX_LIMIT } from "../../../protocol/feed";
import type { Queryable } from "../../db/db";
import type { AttachedFeed } from "../attached-feed";
import type { FlushedBatch, MarketFeed } from "../market-feed";
import { readKlines, readTickers } from "../market-read";
import type { BookSnapshot } from "../sources/market-source";
import { findSymbol } from "../symbols";
import {
  parseClientFrame,
  parseConnectQuery,
  type FeedEndpoint,
  type TopicRequest,
} from "./client-frames";
import { DepthTopic } from "./depth-topic";
import { HubConnection } from "./hub-connection";
import { emptyCounters, type HubContext, type HubCounters } from "./hub-context";
import { KdataTopic } from "./kdata-topic";
import { TickersTopic } from "./tickers-topic";
import type { Topic } from "./topic";

export interface MarketHubOptions {
  db: Queryable;
  market: AttachedFeed;
  onError?: (err: unknown, what: string) => void;
  /** Ping interval; a socket that has not answered the previous ping is cut. Default 20 s. */
  pingIntervalMs?: number;
  /** Tickers after flushes at most this often. Default 1000. */
  tickersEveryMs?: number;
  /** Tickers at least this often, traded or not. Default 1000. */
  tickersHeartbeatMs?: number;
  /** Skip a socket with more unsent bytes than this. Default 256 KiB. */
  highWaterBytes?: number;
  /** Resnapshot a skipped socket once it is down to this. Default a quarter of highWaterBytes. */
  lowWaterBytes?: number;
  /** A depth or kdata topic outlives its last subscriber by this much. Default 5 s. */
  idleTopicMs?: number;
  /** How often skipped sockets are checked for draining. Default 100 ms. */
  drainCheckMs?: number;
  /** Monotonic clock for the timing rules (tests). Default performance.now. */
  now?: () => number;
  /** Observes each published topic frame just before it is handed to the subscribers (benchmark). */
  onPublish?: (topicKey: string, seq: number, frame: string) => void;
}

/** Sent when a topic cannot be served (its record could not be read). */
const CLOSE_INTERNAL = 1011;
const CLOSE_GOING_AWAY = 1001;

export class MarketHub {
  private readonly connections = new Set<HubConnection>();
  private readonly topics = new Map<string, DepthTopic | KdataTopic>();
  private readonly idleTimers = new Map<Topic, NodeJS.Timeout>();
  private readonly behind = new Set<HubConnection>();
  private readonly tickers: TickersTopic;
  private readonly context: HubContext;
  private readonly stopFollowingMarket: () => void;
  private unfollowFeed: (() => void)[] = [];
  private pinger: NodeJS.Timeout | null = null;
  private drainer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: MarketHubOptions) {
    const highWaterBytes = options.highWaterBytes ?? 256 * 1024;
    const now = options.now ?? (() => performance.now());
    this.context = {
      counters: emptyCounters(),
      highWaterBytes,
      lowWaterBytes: options.lowWaterBytes ?? Math.floor(highWaterBytes / 4),
      watchBehind: (connection) => this.watchBehind(connection),
      now,
      onPublish: options.onPublish,
    };
    this.tickers = new TickersTopic(this.context, {
      everyMs: options.tickersEveryMs ?? 1000,
      heartbeatMs: options.tickersHeartbeatMs ?? 1000,
      read: () => this.readConsistent(() => readTickers(options.db)),
      onError: (err) => this.report(err, "tickers could not be read"),
    });
    this.stopFollowingMarket = options.market.onChange((feed) => this.follow(feed));
    this.follow(options.market.feed);
  }

  /** The totals so far and the clients open now (a copy). */
  counters(): HubCounters {
    return { ...this.context.counters, clients: this.connections.size };
  }

  /** Takes over a freshly upgraded socket of `endpoint`; `query` is its parsed connect query. */
  accept(socket: WebSocket, endpoint: FeedEndpoint, query: unknown): void {
    if (this.closed) {
      socket.close(CLOSE_GOING_AWAY, "The server is shutting down");
      return;
    }
    const connection = new HubConnection(socket, endpoint, this.context);
    this.connections.add(connection);
    this.pinger ??= setInterval(() => this.ping(), this.options.pingIntervalMs ?? 20_000);
    this.pinger.unref();
    // Attached before anything else, so nothing the client sends is missed.
    socket.on("message", (data: RawData, isBinary: boolean) => {
      const op = parseClientFrame(endpoint, data, isBinary);
      if (!op.ok) return connection.refuse(op.message);
      if (op.value.op === "ping") return connection.pong();
      this.subscribe(connection, op.value.topic);
    });
    socket.on("pong", () => {
      connection.alive = true;
    });
    socket.on("close", () => {
      this.connections.delete(connection);
      this.behind.delete(connection);
      this.leave(connection);
    });
    // A bad or missing query leaves the socket open without a topic: it may subscribe.
    const topic = parseConnectQuery(endpoint, query);
    if (topic.ok) this.subscribe(connection, topic.value);
    else connection.refuse(topic.message);
  }

  /** Stops timers and feed listeners; the websocket plugin closes the sockets themselves. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pinger) clearInterval(this.pinger);
    if (this.drainer) clearInterval(this.drainer);
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    this.stopFollowingMarket();
    this.follow(undefined);
    const topics = [this.tickers, ...this.topics.values()];
    this.topics.clear();
    await Promise.all(topics.map((topic) => topic.close()));
  }

  private subscribe(connection: HubConnection, request: TopicRequest): void {
    const topic = request.kind === "tickers" ? this.tickers : this.topicFor(request);
    if (request.kind === "kdata") connection.limit = request.limit;
    if (connection.topic !== topic) {
      this.leave(connection);
      topic.join(connection);
    }
    connection.sendSnapshot();
  }

  private leave(connection: HubConnection): void {
    const topic = connection.topic;
    if (!topic) return;
    topic.leave(connection);
    if (topic.subscribers.size > 0 || topic === this.tickers) return;
    if (this.topics.get(topic.key) !== topic || this.idleTimers.has(topic)) return;
    const timer = setTimeout(() => this.drop(topic), this.options.idleTopicMs ?? 5000);
    timer.unref();
    this.idleTimers.set(topic, timer);
  }

  private topicFor(request: Exclude<TopicRequest, { kind: "tickers" }>): DepthTopic | KdataTopic {
    const key =
      request.kind === "depth"
        ? `depth|${request.symbol}`
        : `kdata|${request.symbol}|${request.interval}`;
    const existing = this.topics.get(key);
    if (existing) {
      clearTimeout(this.idleTimers.get(existing));
      this.idleTimers.delete(existing);
      return existing;
    }
    const spec = findSymbol(request.symbol);
    if (!spec) throw new Error(`${request.symbol} passed validation but is not listed`);
    const { db, market } = this.options;
    const topic =
      request.kind === "depth"
        ? new DepthTopic(this.context, spec.symbol, () =>
            market.feed?.depth(spec.symbol, DEPTH_LEVELS),
          )
        : new KdataTopic(this.context, {
            spec,
            interval: request.interval,
            readConsistent: (fn) => this.readConsistent(fn),
            // The record's own clock: a replayed or test market lives at its own time.
            readRows: () =>
              readKlines(
                db,
                spec.symbol,
                request.interval,
                KDATA_MAX_LIMIT,
                market.feed?.lastTickTime(spec.symbol) ?? Date.now(),
              ),
            onLoadFailed: (failed, err) => this.loadFailed(failed, err),
          });
    this.topics.set(key, topic);
    if (topic instanceof KdataTopic) void topic.load();
    return topic;
  }

  private drop(topic: Topic): void {
    this.idleTimers.delete(topic);
    if (this.topics.get(topic.key) === topic) this.topics.delete(topic.key);
    void topic.close();
  }

  private loadFailed(topic: KdataTopic, err: unknown): void {
    this.report(err, `${topic.key} could not be loaded`);
    this.drop(topic);
    for (const connection of [...topic.subscribers]) {
      connection.socket.close(CLOSE_INTERNAL, "Server error; reconnect later");
    }
  }

  /** Listens to `feed` (or to nothing) from now on; topics loaded from the record reload. */
  private follow(feed: MarketFeed | undefined): void {
    for (const stop of this.unfollowFeed) stop();
    this.unfollowFeed = feed
      ? [
          feed.onFlushed((batch) => this.flushed(batch)),
          feed.onBookChange((book) => this.bookChanged(book)),
        ]
      : [];
    if (!feed || this.closed) return;
    // Candles may have been written (backfill) or followed from another feed meanwhile.
    for (const topic of this.topics.values()) {
      if (topic instanceof KdataTopic) void topic.load();
      else topic.changed();
    }
    this.tickers.flushed();
  }

  private flushed(batch: FlushedBatch): void {
    this.tickers.flushed();
    if (this.topics.size === 0) return;
    const bySymbol = new Map<string, FlushedBatch["candles"][number][]>();
    for (const candle of batch.candles) {
      const list = bySymbol.get(candle.symbol);
      if (list) list.push(candle);
      else bySymbol.set(candle.symbol, [candle]);
    }
    for (const topic of this.topics.values()) {
      if (!(topic instanceof KdataTopic)) continue;
      const partials = bySymbol.get(topic.symbol);
      if (partials) topic.fold(partials);
    }
  }

  private bookChanged(book: BookSnapshot): void {
    const topic = this.topics.get(`depth|${book.symbol}`);
    if (topic instanceof DepthTopic) topic.changed();
  }

  private readConsistent<T>(fn: () => Promise<T>): Promise<T> {
    const feed = this.options.market.feed;
    return feed ? feed.readConsistent(fn) : fn();
  }

  private ping(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      if (connection.open) connection.socket.ping();
    }
  }

  private watchBehind(connection: HubConnection): void {
    this.behind.add(connection);
    this.drainer ??= setInterval(() => this.checkDrained(), this.options.drainCheckMs ?? 100);
    this.drainer.unref();
  }

  /** Skipped sockets catch up even when their topic has gone quiet. */
  private checkDrained(): void {
    for (const connection of this.behind) {
      if (!connection.behind || !connection.open || connection.catchUp()) {
        this.behind.delete(connection);
      }
    }
    if (this.behind.size === 0 && this.drainer) {
      clearInterval(this.drainer);
      this.drainer = null;
    }
  }

  private report(err: unknown, what: string): void {
    if (!this.closed) this.options.onError?.(err, what);
  }
}
