// The market module's core: takes a source's ticks, numbers and hash-chains them per symbol,
// records them (and the 1m candles they make) in one transaction per flush, keeps the latest
// book per symbol in memory, and prunes ticks past retention unless an order keeps them.
// Listeners (the websocket hub) hear each committed flush and each new book; readConsistent()
// lets them read the record while no flush is running, so state loaded from the database and
// then advanced by flush events never counts a batch twice or misses one.
import { formatTickTime, GENESIS_HASH, TICK_RETENTION_MS, type Depth } from "../../protocol/market";
import type { Db } from "../db/db";
import { mergeCandles, readCandles, type CandleRow } from "../db/repositories/candle-repository";
import {
  insertTicks,
  pruneTicks,
  readLastTicks,
  type TickRow,
} from "../db/repositories/tick-repository";
import { foldTrades } from "./candles";
import { ExchangeCandles } from "./exchange-candles";
import { ReadWriteGate } from "./read-write-gate";
import type { BookSnapshot, MarketSource, SourceCandle, SourceTick } from "./sources/market-source";
import type { SymbolSpec } from "./symbols";
import { tickHash } from "./tick-chain";

export interface MarketFeedOptions {
  db: Db;
  source: MarketSource;
  specs: readonly SymbolSpec[];
  now?: () => number;
  /** Default 250 ms: one transaction per flush, whatever the tick rate. */
  flushMs?: number;
  /** Default 24 h: at least the last 24 hours are kept. */
  retentionMs?: number;
  /** Default 60 s. */
  pruneEveryMs?: number;
  /**
   * When set, a tick is recorded no earlier than this long before it arrives (an exchange feed,
   * whose ticks carry the exchange's time, may deliver some late). A window that settled from the
   * record can then never gain a tick afterwards: see MAX_TICK_LATENESS_MS.
   */
  maxTickLatenessMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * How late an exchange tick may arrive and still be recorded at its own time; later ones are
 * recorded at arrival minus this. Settlements that do not wait for a later tick (an option's
 * timer, domain/options/options-settler.ts) wait longer than this, so no tick can ever be
 * recorded inside a window that has already settled.
 */
export const MAX_TICK_LATENESS_MS = 2_000;

/** What one committed flush recorded: its ticks and the 1m candle partials they made. */
export interface FlushedBatch {
  /** In acceptance order (per symbol: rising seq). */
  ticks: readonly TickRow[];
  /**
   * Per symbol, oldest first: the part of each 1m candle this batch traded, merged into the
   * stored candle by the rule of mergeCandles (open stays, high/low widen, close moves, volumes
   * add). Folding them into a state read before this flush gives what the database now holds.
   */
  candles: readonly CandleRow[];
}

export type FlushListener = (batch: FlushedBatch) => void;
export type BookListener = (book: BookSnapshot) => void;

interface Head {
  seq: bigint;
  hash: string;
  tsMs: number;
}

export class MarketFeed {
  private readonly heads = new Map<string, Head>();
  private readonly books = new Map<string, BookSnapshot>();
  private pending: TickRow[] = [];
  /** A flush waiting for the gate; a flush() call meanwhile joins it (it takes all pending). */
  private queuedFlush: Promise<void> | null = null;
  /** Flushes write, readConsistent() reads. */
  private readonly gate = new ReadWriteGate();
  private readonly flushListeners = new Set<FlushListener>();
  private readonly bookListeners = new Set<BookListener>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private readonly specs: Map<string, SymbolSpec>;
  private readonly now: () => number;
  /** Wall-clock time of the latest tick received, and of the latest successful flush. */
  lastTickAt: number | null = null;
  lastFlushAt: number | null = null;
  /** Set by the first acceptCandles(). */
  private exchangeCandles: ExchangeCandles | null = null;

  private constructor(private readonly options: MarketFeedOptions) {
    this.specs = new Map(options.specs.map((s) => [s.symbol, s]));
    this.now = options.now ?? Date.now;
  }

  /** Continues each symbol's chain from its last recorded tick. */
  static async open(options: MarketFeedOptions): Promise<MarketFeed> {
    const feed = new MarketFeed(options);
    const last = await readLastTicks(
      options.db,
      options.specs.map((s) => s.symbol),
    );
    for (const t of last)
      feed.heads.set(t.symbol, { seq: BigInt(t.seq), hash: t.hash, tsMs: t.tsMs });
    return feed;
  }

  start(): void {
    const { flushMs = 250, pruneEveryMs = 60_000, onError = () => undefined } = this.options;
    this.options.source.start({
      onTicks: (ticks) => this.accept(ticks),
      onBook: (book) => {
        this.books.set(book.symbol, book);
        this.notify(this.bookListeners, book);
      },
      onCandles: (candles) => this.acceptCandles(candles),
    });
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const timer = setInterval(() => void fn().catch(onError), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(flushMs, () => this.flush());
    every(pruneEveryMs, () => this.prune());
  }

  /**
   * The exchange's own 1m candles (a source with `providesCandles`): recorded by the flushes, with
   * the repository's merge, in place of the candles folded from ticks (see exchange-candles.ts).
   */
  acceptCandles(candles: readonly SourceCandle[]): void {
    if (!this.exchangeCandles) {
      const { db, onError } = this.options;
      const stored = async (symbol: string, openTime: number) =>
        (await readCandles(db, symbol, 60_000, openTime, openTime + 60_000))[0]?.v ?? null;
      // Minutes after the current one are this process's to record: nothing stored to read.
      const freshFrom = Math.floor(this.now() / 60_000) * 60_000 + 60_000;
      const exchange = new ExchangeCandles(this.specs, stored, freshFrom, onError);
      this.onFlushed((batch) => exchange.confirm(batch.candles));
      this.exchangeCandles = exchange;
    }
    this.exchangeCandles.accept(candles);
  }

  /** Numbers and chains ticks now; they reach the database at the next flush. */
  accept(ticks: readonly SourceTick[]): void {
    const latest = this.options.maxTickLatenessMs;
    for (const tick of ticks) {
      if (!this.specs.has(tick.symbol)) continue;
      const head = this.heads.get(tick.symbol);
      // A chain's times never go backwards, even if the wall clock does; nor far behind arrival.
      const floor = latest === undefined ? 0 : this.now() - latest;
      const tsMs = Math.max(tick.ts, head?.tsMs ?? 0, floor);
      const seq = (head?.seq ?? 0n) + 1n;
      const hash = tickHash(head?.hash ?? GENESIS_HASH, seq, tick.price, formatTickTime(tsMs));
      this.heads.set(tick.symbol, { seq, hash, tsMs });
      this.pending.push({
        symbol: tick.symbol,
        seq: String(seq),
        price: tick.price,
        qty: tick.qty,
        tsMs,
        hash,
      });
    }
    if (ticks.length > 0) this.lastTickAt = this.now();
  }

  /**
   * Records pending ticks and their candles in one transaction, then tells the flush listeners
   * before any reader may look. On failure the ticks stay pending (in order) for the next flush:
   * the chain in memory is already committed to those hashes. Resolves once every tick accepted
   * before the call is recorded.
   */
  flush(): Promise<void> {
    if (this.queuedFlush) return this.queuedFlush;
    let started = false;
    const flushing = this.gate.write(() => {
      started = true;
      this.queuedFlush = null;
      return this.record();
    });
    // The gate may admit at once (synchronously): then there is nothing queued to join.
    if (!started) this.queuedFlush = flushing;
    return flushing;
  }

  /**
   * Runs `fn` (a read of the record) while no flush runs; a flush waits for it. State read here
   * plus every later flush event is exactly the record, as long as `fn` installs the state
   * before it resolves.
   */
  readConsistent<T>(fn: () => Promise<T>): Promise<T> {
    return this.gate.read(fn);
  }

  /** Called after each committed flush, in order; returns the unsubscribe. */
  onFlushed(listener: FlushListener): () => void {
    this.flushListeners.add(listener);
    return () => this.flushListeners.delete(listener);
  }

  /** Called with every new book from the source; returns the unsubscribe. */
  onBookChange(listener: BookListener): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }

  private async record(): Promise<void> {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    const candles = this.candlesOf(batch);
    try {
      await this.options.db.transaction(async (tx) => {
        await insertTicks(tx, batch);
        await mergeCandles(tx, candles);
      });
    } catch (err) {
      this.pending = [...batch, ...this.pending];
      throw err;
    }
    this.lastFlushAt = this.now();
    this.notify(this.flushListeners, { ticks: batch, candles });
  }

  /** A listener's fault must never fail a committed flush (its ticks would be recorded twice). */
  private notify<E>(listeners: ReadonlySet<(event: E) => void>, event: E): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        (this.options.onError ?? (() => undefined))(err);
      }
    }
  }

  async prune(): Promise<number> {
    return pruneTicks(
      this.options.db,
      this.now() - (this.options.retentionMs ?? TICK_RETENTION_MS),
    );
  }

  /** The newest book of `symbol`, cut to `limit` levels a side, or undefined before the first. */
  depth(symbol: string, limit: number): Depth | undefined {
    const book = this.books.get(symbol);
    if (!book) return undefined;
    return {
      symbol,
      bids: book.bids.slice(0, limit),
      asks: book.asks.slice(0, limit),
      seq: String(this.heads.get(symbol)?.seq ?? 0n),
      ts: formatTickTime(book.ts),
    };
  }

  /** Time of `symbol`'s newest tick (epoch ms), recorded or pending; undefined before the first. */
  lastTickTime(symbol: string): number | undefined {
    return this.heads.get(symbol)?.tsMs;
  }

  /** The in-memory chain heads (ahead of the database by at most one flush). */
  headSeqs(): Map<string, bigint> {
    return new Map([...this.heads].map(([symbol, head]) => [symbol, head.seq]));
  }

  async stop(): Promise<void> {
    await this.options.source.stop();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.flush();
  }

  private candlesOf(batch: readonly TickRow[]): CandleRow[] {
    // An exchange source's own candles replace the fold; folding its ticks too would count twice.
    if (this.options.source.providesCandles) return this.exchangeCandles?.partials() ?? [];
    const bySymbol = new Map<string, TickRow[]>();
    for (const t of batch) {
      const list = bySymbol.get(t.symbol);
      if (list) list.push(t);
      else bySymbol.set(t.symbol, [t]);
    }
    return [...bySymbol].flatMap(([symbol, ticks]) => {
      const spec = this.specs.get(symbol);
      if (!spec) return []; // accept() records listed symbols only
      const trades = ticks.map((t) => ({ price: t.price, qty: t.qty, ts: t.tsMs }));
      return foldTrades(trades, 60_000, spec).map((c) => ({ symbol, ...c }));
    });
  }
}
