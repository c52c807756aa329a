// A local stand-in for Binance's public combined stream (the exchange, not our code): the real
// server runs with MARKET_SOURCE=binance and MARKET_BINANCE_URL pointing here, and its real
// Binance adapter records what this sends. The test decides every price, so what a market order
// fills at and which recorded tick crosses a liquidation price are known in advance instead of
// raced against a random walk. Frames follow the recorded ones in tests/fixtures/binance.
//
// One symbol is quoted (BTCUSDT): every second a depth20 book, a 24h ticker whose last trade is
// new (so the server records a tick and the price never goes stale) and the running 1m kline.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { formatFixed, parseUnits } from "../../../protocol/decimal";
import { useE2E, type E2E, type UseE2EOptions } from "../harness/fixtures";

const HEARTBEAT_MS = 1_000;
const LEVELS = 20;
const MINUTE_MS = 60_000;

export interface Quote {
  /** Best bid and best ask, decimal strings at the symbol's price scale ("60000.00"). */
  bid: string;
  ask: string;
  /** The last trade's price; default the best ask. */
  last?: string;
}

export interface FakeBinanceOptions {
  /** Binance's name of the symbol ("BTCUSDT"). */
  symbol?: string;
  priceScale?: number;
  qtyScale?: number;
  /** Between two levels of a side, in price units at priceScale (default 50 = 0.50). */
  levelGap?: bigint;
  /** Quantity at every level (default "1"): plenty for the test's orders. */
  levelQty?: string;
  quote: Quote;
}

export class FakeBinance {
  readonly #server: WebSocketServer;
  readonly #sockets = new Set<WebSocket>();
  readonly #symbol: string;
  readonly #priceScale: number;
  readonly #qtyScale: number;
  readonly #levelGap: bigint;
  readonly #levelQty: string;
  #quote: Required<Quote>;
  #tradeId = 1_000_000;
  #updateId = 5_000_000;
  #eventTime = 0;
  #candle: { t: number; o: string; h: string; l: string; c: string; v: bigint } | null = null;
  #timer: NodeJS.Timeout | null = null;

  private constructor(server: WebSocketServer, options: FakeBinanceOptions) {
    this.#server = server;
    this.#symbol = options.symbol ?? "BTCUSDT";
    this.#priceScale = options.priceScale ?? 2;
    this.#qtyScale = options.qtyScale ?? 5;
    this.#levelGap = options.levelGap ?? 50n;
    this.#levelQty = options.levelQty ?? "1";
    this.#quote = withLast(options.quote);
    server.on("connection", (socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
      this.#beat();
    });
  }

  /** Listens on a free local port and starts the once-a-second frames. */
  static async start(options: FakeBinanceOptions): Promise<FakeBinance> {
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    const exchange = new FakeBinance(server, options);
    exchange.#timer = setInterval(() => exchange.#beat(), HEARTBEAT_MS);
    return exchange;
  }

  /** What MARKET_BINANCE_URL takes (the adapter appends `?streams=`). */
  get url(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `ws://127.0.0.1:${port}/stream`;
  }

  get connections(): number {
    return this.#sockets.size;
  }

  get quote(): Readonly<Required<Quote>> {
    return this.#quote;
  }

  /** A new book and last price, sent at once (book first, then the trade) and every second on. */
  setQuote(quote: Quote): void {
    this.#quote = withLast(quote);
    this.#beat();
  }

  /**
   * One trade at `price` (a recorded tick at that price), the book moved around it: best ask at
   * the price, best bid one gap below. Later heartbeats repeat this price.
   */
  trade(price: string): void {
    const units = parseUnits(price, this.#priceScale);
    this.setQuote({ bid: formatFixed(units - this.#levelGap, this.#priceScale), ask: price });
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    for (const socket of this.#sockets) socket.terminate();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #beat(): void {
    if (this.#sockets.size === 0) return;
    // Event times strictly rise: the adapter drops an update not newer than the one before.
    this.#eventTime = Math.max(Date.now(), this.#eventTime + 1);
    const frames = [this.#depthFrame(), this.#tickerFrame(), this.#klineFrame()];
    for (const socket of this.#sockets) for (const frame of frames) socket.send(frame);
  }

  #stream(kind: string, data: unknown): string {
    return JSON.stringify({ stream: `${this.#symbol.toLowerCase()}@${kind}`, data });
  }

  #depthFrame(): string {
    const { bid, ask } = this.#quote;
    const side = (best: string, direction: 1n | -1n) => {
      const start = parseUnits(best, this.#priceScale);
      return Array.from({ length: LEVELS }, (_, i) => [
        formatFixed(start + direction * BigInt(i) * this.#levelGap, this.#priceScale),
        this.#levelQty,
      ]);
    };
    this.#updateId += 1;
    return this.#stream("depth20@100ms", {
      lastUpdateId: this.#updateId,
      bids: side(bid, -1n),
      asks: side(ask, 1n),
    });
  }

  #tickerFrame(): string {
    const { bid, ask, last } = this.#quote;
    this.#tradeId += 1;
    return this.#stream("ticker", {
      e: "24hrTicker",
      E: this.#eventTime,
      s: this.#symbol,
      c: last,
      Q: formatFixed(1n, this.#qtyScale),
      b: bid,
      a: ask,
      F: 1,
      L: this.#tradeId,
    });
  }

  #klineFrame(): string {
    const { last } = this.#quote;
    const t = Math.floor(this.#eventTime / MINUTE_MS) * MINUTE_MS;
    const units = (p: string) => parseUnits(p, this.#priceScale);
    const volume = 1n;
    if (this.#candle === null || this.#candle.t !== t) {
      this.#candle = { t, o: last, h: last, l: last, c: last, v: 0n };
    }
    const candle = this.#candle;
    candle.h = units(last) > units(candle.h) ? last : candle.h;
    candle.l = units(last) < units(candle.l) ? last : candle.l;
    candle.c = last;
    candle.v += volume;
    return this.#stream("kline_1m", {
      e: "kline",
      E: this.#eventTime,
      s: this.#symbol,
      k: {
        t,
        T: t + MINUTE_MS - 1,
        s: this.#symbol,
        i: "1m",
        o: candle.o,
        c: candle.c,
        h: candle.h,
        l: candle.l,
        v: formatFixed(candle.v, this.#qtyScale),
        x: false,
      },
    });
  }
}

function withLast(quote: Quote): Required<Quote> {
  return { ...quote, last: quote.last ?? quote.ask };
}

/**
 * useE2E for a server whose market is this exchange (MARKET_SOURCE=binance): the exchange starts
 * first, opening at `quote`, because the server connects to it at start; it stops after the
 * server. Call at the top of a test file, instead of useE2E.
 */
export function useE2EWithExchange(
  quote: Quote,
  options: UseE2EOptions = {},
): { e2e: E2E; market: () => FakeBinance } {
  // useE2E reads the server's env when the server starts, after this hook has filled it in.
  const env: Record<string, string> = { ...options.server?.env, MARKET_SOURCE: "binance" };
  let exchange: FakeBinance | undefined;
  beforeAll(async () => {
    exchange = await FakeBinance.start({ quote });
    env.MARKET_BINANCE_URL = exchange.url;
  });
  afterAll(async () => {
    await exchange?.stop();
  });
  const e2e = useE2E({ ...options, server: { ...options.server, env } });
  const market = (): FakeBinance => {
    if (!exchange) throw new Error("the exchange is not running");
    return exchange;
  };
  return { e2e, market };
}
