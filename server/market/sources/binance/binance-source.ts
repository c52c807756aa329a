// Binance's public market streams as a MarketSource: one combined-stream websocket carries every
// listed symbol's ticker (→ ticks), top-20 book (→ books) and 1m klines (→ the exchange's own
// candles). A dropped connection comes back after an exponential backoff with full jitter.
// Binance cuts every connection at 24 h, so before that (23 h 50 min by default) a second
// connection opens; once it delivers its first frame it takes over and the old one is closed.
// Both carry the same updates meanwhile, and FrameOrder drops the copies: nothing is lost or
// recorded twice across the switch. A connection silent for a minute is treated as dead.
import WebSocket, { type RawData } from "ws";
import type { SymbolSpec } from "../../symbols";
import type { MarketSource, MarketSourceHandlers } from "../market-source";
import {
  fullJitterDelay,
  RECONNECT_BACKOFF,
  type BackoffPolicy,
} from "../../../../protocol/backoff";
import { FrameOrder } from "./frame-order";
import { parseFrame, symbolTable, type ParsedFrame } from "./parse";
import { realScheduler, type Scheduler } from "./scheduler";
import { combinedStreamUrl, DEFAULT_BINANCE_STREAM_URL } from "./streams";

/** Binance closes a connection after 24 h; switch with ten minutes to spare. */
export const ROTATE_AFTER_MS = 23 * 3_600_000 + 50 * 60_000;
/** Tickers alone arrive every second per symbol; a minute of silence is a dead connection. */
export const STALE_AFTER_MS = 60_000;

/** What the source reports; pino/Fastify loggers fit. */
export interface SourceLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface BinanceSourceOptions {
  specs: readonly SymbolSpec[];
  /** The endpoint before `?streams=` (MARKET_BINANCE_URL). */
  baseUrl?: string;
  scheduler?: Scheduler;
  /** In [0, 1): the backoff's jitter (tests pin it). */
  random?: () => number;
  backoff?: BackoffPolicy;
  rotateAfterMs?: number;
  /** 0 turns the silence watchdog off. */
  staleAfterMs?: number;
  log?: SourceLog;
}

export interface BinanceSourceStats {
  frames: number;
  ticks: number;
  books: number;
  candles: number;
  /** Frames already seen: overlapping connections, or an unchanged ticker repeated. */
  duplicates: number;
  skipped: number;
  /** Rejected frames: counted, logged (sparingly) and dropped. */
  malformed: number;
  connections: number;
  reconnects: number;
  rotations: number;
}

interface Connection {
  id: number;
  ws: WebSocket;
  open: boolean;
  /** Delivered a usable frame: the connection works. */
  delivered: boolean;
  lastFrameAt: number;
}

const quietLog: SourceLog = { info: () => undefined, warn: () => undefined };

export class BinanceSource implements MarketSource {
  readonly providesCandles = true;
  readonly url: string;
  readonly stats: BinanceSourceStats = {
    frames: 0,
    ticks: 0,
    books: 0,
    candles: 0,
    duplicates: 0,
    skipped: 0,
    malformed: 0,
    connections: 0,
    reconnects: 0,
    rotations: 0,
  };
  private readonly table: ReturnType<typeof symbolTable>;
  private readonly scheduler: Scheduler;
  private readonly log: SourceLog;
  private readonly order = new FrameOrder();
  private handlers: MarketSourceHandlers | null = null;
  /** The connection in use; rotation counts its age. */
  private active: Connection | null = null;
  /** A rotation's replacement until its first frame. */
  private incoming: Connection | null = null;
  private readonly retiring = new Set<Connection>();
  private failures = 0;
  private rotationFailures = 0;
  private cancelReconnect: (() => void) | null = null;
  private cancelRotation: (() => void) | null = null;
  private cancelWatchdog: (() => void) | null = null;
  private stopping = false;
  private nextId = 1;

  constructor(private readonly options: BinanceSourceOptions) {
    this.table = symbolTable(options.specs);
    this.url = combinedStreamUrl(options.baseUrl ?? DEFAULT_BINANCE_STREAM_URL, options.specs);
    this.scheduler = options.scheduler ?? realScheduler;
    this.log = options.log ?? quietLog;
  }

  start(handlers: MarketSourceHandlers): void {
    this.handlers = handlers;
    this.stopping = false;
    this.active = this.connect();
    this.armWatchdog();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.handlers = null;
    for (const cancel of [this.cancelReconnect, this.cancelRotation, this.cancelWatchdog])
      cancel?.();
    const conns = [this.active, this.incoming, ...this.retiring].filter(
      (c): c is Connection => c !== null,
    );
    this.active = this.incoming = null;
    this.retiring.clear();
    await Promise.all(conns.map((c) => closed(c.ws)));
  }

  private connect(): Connection {
    const conn: Connection = {
      id: this.nextId++,
      ws: new WebSocket(this.url, {
        handshakeTimeout: 10_000,
        maxPayload: 1 << 20,
        perMessageDeflate: false,
      }),
      open: false,
      delivered: false,
      lastFrameAt: this.scheduler.now(),
    };
    this.stats.connections += 1;
    conn.ws.on("open", () => this.onOpen(conn));
    conn.ws.on("message", (data: RawData, isBinary: boolean) =>
      this.onMessage(conn, data, isBinary),
    );
    conn.ws.on("error", (err: Error) => {
      if (!this.stopping) this.log.warn(`binance stream #${conn.id}: ${err.message}`);
    });
    conn.ws.on("close", (code: number) => this.onClose(conn, code));
    return conn;
  }

  private onOpen(conn: Connection): void {
    conn.open = true;
    conn.lastFrameAt = this.scheduler.now();
    if (this.stopping) return void conn.ws.terminate();
    if (conn === this.active) {
      this.log.info(`binance stream #${conn.id} connected`);
      this.scheduleRotation();
    }
  }

  private onMessage(conn: Connection, data: RawData, isBinary: boolean): void {
    // Late frames of a retiring connection: its successor carries the same updates.
    if (this.stopping || (conn !== this.active && conn !== this.incoming)) return;
    const at = this.scheduler.now();
    conn.lastFrameAt = at;
    this.stats.frames += 1;
    const text = isBinary ? null : rawText(data);
    const parsed: ParsedFrame =
      text === null
        ? { kind: "rejected", reason: "binary frame" }
        : parseFrame(text, this.table, at);
    if (parsed.kind === "rejected") return this.malformed(parsed.reason, text ?? "");
    if (!conn.delivered) {
      conn.delivered = true;
      if (conn === this.incoming) this.promote(conn);
      if (conn === this.active) this.failures = 0;
    }
    try {
      this.deliver(parsed);
    } catch (err) {
      // The feed's problem, not the frame's: report it and keep reading.
      this.log.warn(`market feed failed on a binance frame: ${(err as Error).message}`);
    }
  }

  private deliver(parsed: ParsedFrame): void {
    const handlers = this.handlers;
    if (!handlers) return;
    if (parsed.kind === "tick") {
      if (!this.order.admitTrade(parsed.tick.symbol, parsed.tradeId)) return this.duplicate();
      this.stats.ticks += 1;
      handlers.onTicks([parsed.tick]);
    } else if (parsed.kind === "book") {
      if (!this.order.admitBook(parsed.book.symbol, parsed.updateId)) return this.duplicate();
      this.stats.books += 1;
      handlers.onBook(parsed.book);
    } else if (parsed.kind === "candle") {
      const { symbol, openTime } = parsed.candle;
      if (!this.order.admitCandle(symbol, openTime, parsed.eventTime)) return this.duplicate();
      this.stats.candles += 1;
      handlers.onCandles?.([parsed.candle]);
    } else if (parsed.kind === "skipped") {
      this.stats.skipped += 1;
    }
  }

  private duplicate(): void {
    this.stats.duplicates += 1;
  }

  private malformed(reason: string, text: string): void {
    this.stats.malformed += 1;
    const n = this.stats.malformed;
    // Log the 1st, 2nd, 4th, 8th... so a stream of bad frames cannot flood the log.
    if ((n & (n - 1)) === 0) {
      this.log.warn(`binance frame rejected (${reason}), ${n} so far: ${text.slice(0, 200)}`);
    }
  }

  private onClose(conn: Connection, code: number): void {
    this.retiring.delete(conn);
    if (this.stopping) return;
    if (conn === this.incoming) {
      // The replacement failed; the old connection still serves. Try again after a backoff.
      this.incoming = null;
      const delay = fullJitterDelay(this.rotationFailures++, this.policy(), this.options.random);
      this.log.warn(`binance rotation #${conn.id} closed (${code}); retrying in ${delay} ms`);
      this.cancelRotation = this.scheduler.setTimeout(() => this.rotate(), delay);
      return;
    }
    if (conn !== this.active) return;
    this.active = null;
    this.cancelRotation?.();
    this.cancelRotation = null;
    if (this.incoming) {
      // Cut while a rotation was under way: the replacement takes over now.
      this.active = this.incoming;
      this.incoming = null;
      if (this.active.open) this.scheduleRotation();
      return;
    }
    const delay = fullJitterDelay(this.failures++, this.policy(), this.options.random);
    this.stats.reconnects += 1;
    this.log.warn(`binance stream #${conn.id} closed (${code}); reconnecting in ${delay} ms`);
    this.cancelReconnect = this.scheduler.setTimeout(() => {
      this.cancelReconnect = null;
      if (!this.stopping && !this.active) this.active = this.connect();
    }, delay);
  }

  private promote(conn: Connection): void {
    const old = this.active;
    this.active = conn;
    this.incoming = null;
    this.rotationFailures = 0;
    this.failures = 0;
    this.stats.rotations += 1;
    this.log.info(`binance stream rotated: #${conn.id} replaces #${old?.id ?? "-"}`);
    if (old) {
      this.retiring.add(old);
      old.ws.close(1000, "rotated");
    }
    this.scheduleRotation();
  }

  private scheduleRotation(): void {
    this.cancelRotation?.();
    const after = this.options.rotateAfterMs ?? ROTATE_AFTER_MS;
    this.cancelRotation = this.scheduler.setTimeout(() => this.rotate(), after);
  }

  private rotate(): void {
    this.cancelRotation = null;
    if (this.stopping || this.incoming || !this.active) return;
    this.incoming = this.connect();
    this.log.info(`binance stream #${this.active.id} nears 24 h; opening #${this.incoming.id}`);
  }

  private armWatchdog(): void {
    const staleAfter = this.options.staleAfterMs ?? STALE_AFTER_MS;
    if (staleAfter <= 0) return;
    this.cancelWatchdog = this.scheduler.setTimeout(() => {
      const conn = this.active;
      if (conn?.open && this.scheduler.now() - conn.lastFrameAt > staleAfter) {
        this.log.warn(`binance stream #${conn.id} silent for ${staleAfter} ms; dropping it`);
        conn.ws.terminate();
      }
      if (!this.stopping) this.armWatchdog();
    }, staleAfter / 2);
  }

  private policy(): BackoffPolicy {
    return this.options.backoff ?? RECONNECT_BACKOFF;
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
}

/** Resolves once `ws` is closed, ending it now if need be. */
function closed(ws: WebSocket): Promise<void> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    ws.once("close", () => resolve());
    ws.terminate();
  });
}
