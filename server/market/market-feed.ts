// The market module's core: takes a source's ticks, numbers and hash-chains them per symbol,
// records them (and the 1m candles they make) in one transaction per flush, keeps the latest
// book per symbol in memory, and prunes ticks past retention unless an order keeps them.
import { formatTickTime, GENESIS_HASH, type Depth } from "../../protocol/market";
import type { Db } from "../db/db";
import { mergeCandles, type CandleRow } from "../db/repositories/candle-repository";
import {
  insertTicks,
  pruneTicks,
  readLastTicks,
  type TickRow,
} from "../db/repositories/tick-repository";
import { foldTrades } from "./candles";
import type { BookSnapshot, MarketSource, SourceTick } from "./sources/market-source";
import type { SymbolSpec } from "./symbols";
import { tickHash } from "./tick-chain";

export interface MarketFeedOptions {
  db: Db;
  source: MarketSource;
  specs: readonly SymbolSpec[];
  now?: () => number;
  /** Default 250 ms: one transaction per flush, whatever the tick rate. */
  flushMs?: number;
  /** Default 24 h (issue 5: at least the last 24 hours are kept). */
  retentionMs?: number;
  /** Default 60 s. */
  pruneEveryMs?: number;
  onError?: (err: unknown) => void;
}

interface Head {
  seq: bigint;
  hash: string;
  tsMs: number;
}

export class MarketFeed {
  private readonly heads = new Map<string, Head>();
  private readonly books = new Map<string, BookSnapshot>();
  private pending: TickRow[] = [];
  private flushing: Promise<void> | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private readonly specs: Map<string, SymbolSpec>;
  private readonly now: () => number;
  /** Wall-clock time of the latest tick received, and of the latest successful flush. */
  lastTickAt: number | null = null;
  lastFlushAt: number | null = null;

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
      onBook: (book) => this.books.set(book.symbol, book),
    });
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const timer = setInterval(() => void fn().catch(onError), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(flushMs, () => this.flush());
    every(pruneEveryMs, () => this.prune());
  }

  /** Numbers and chains ticks now; they reach the database at the next flush. */
  accept(ticks: readonly SourceTick[]): void {
    for (const tick of ticks) {
      if (!this.specs.has(tick.symbol)) continue;
      const head = this.heads.get(tick.symbol);
      // A chain's times never go backwards, even if the wall clock does.
      const tsMs = Math.max(tick.ts, head?.tsMs ?? 0);
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
   * Records pending ticks and their candles in one transaction. On failure they stay pending
   * (in order) for the next flush: the chain in memory is already committed to those hashes.
   */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    const batch = this.pending;
    if (batch.length === 0) return Promise.resolve();
    this.pending = [];
    this.flushing = this.options.db
      .transaction(async (tx) => {
        await insertTicks(tx, batch);
        await mergeCandles(tx, this.candlesOf(batch));
      })
      .then(
        () => {
          this.lastFlushAt = this.now();
        },
        (err: unknown) => {
          this.pending = [...batch, ...this.pending];
          throw err;
        },
      )
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  async prune(): Promise<number> {
    return pruneTicks(this.options.db, this.now() - (this.options.retentionMs ?? 86_400_000));
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
