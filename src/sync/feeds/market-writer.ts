// The feeds' batched writer: frames are applied in memory as they arrive and written to
// IndexedDB at most every FLUSH_INTERVAL_MS, one transaction per flush (DESIGN §3) — a burst of
// 500 ticks a second costs four small transactions, and live queries re-run four times.
// Flush slots: a change arriving when the last flush started 250 ms ago or more is written at
// once; anything arriving sooner waits for the next slot, with everything else that came.
import type { DepthFrame, KdataFrame, Ticker } from "../../../protocol";
import type { CandleRow, DepthRow, TickerRow } from "../../db/database";
import { writeMarketBatch, type CandleSeries, type MarketBatch } from "../../db/market-data";
import type { SyncEnvironment } from "../environment";
import { applyBookUpdateInPlace, bookFromSnapshot, type Book } from "./depth-book";
import type { FeedLog } from "./feed-socket";

export const FLUSH_INTERVAL_MS = 250;

/** Where tickers came from: every /ws/data frame is current; a REST answer may be older. */
export type TickerSource = "feed" | "rest";

export interface MarketWriterDeps {
  env: Pick<SyncEnvironment, "now" | "setTimer">;
  /** Writes one flush (one transaction); injectable for tests. */
  write?: (batch: MarketBatch) => Promise<void>;
  log?: FeedLog;
}

const seriesKey = (s: CandleSeries) => `${s.symbol}|${s.interval}`;

interface HeldBook {
  book: Book;
  ts: string;
  receivedAt: string;
}

export class MarketWriter {
  private readonly tickers = new Map<string, TickerRow>();
  private readonly candles = new Map<string, CandleRow>();
  private readonly books = new Map<string, HeldBook>();
  private readonly dirtyBooks = new Set<string>();
  private readonly prune = new Map<string, CandleSeries>();
  private tickersAt: string | null = null;
  /** The newest ticker time per symbol this tab wrote (REST answers older than it are dropped). */
  private readonly tickerTs = new Map<string, string>();
  /** The newest candle open time per series: a newer one means the series grew (prune it). */
  private readonly newestCandle = new Map<string, string>();
  /** Series showing older history (loadOlderCandles): not pruned until their watch ends. */
  private readonly pinned = new Set<string>();
  private cancelTimer: (() => void) | null = null;
  private flushing: Promise<void> | null = null;
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private readonly write: (batch: MarketBatch) => Promise<void>;

  constructor(private readonly deps: MarketWriterDeps) {
    this.write = deps.write ?? writeMarketBatch;
  }

  private stamp(): string {
    return new Date(this.deps.env.now()).toISOString();
  }

  putTickers(tickers: readonly Ticker[], source: TickerSource): void {
    const receivedAt = this.stamp();
    let taken = 0;
    for (const ticker of tickers) {
      const known = this.tickerTs.get(ticker.symbol);
      // ISO times from the server have one width, so they order as text.
      if (source === "rest" && known !== undefined && ticker.ts <= known) continue;
      this.tickerTs.set(ticker.symbol, ticker.ts);
      this.tickers.set(ticker.symbol, { ...ticker, receivedAt });
      taken += 1;
    }
    if (taken === 0 && source === "rest") return;
    this.tickersAt = receivedAt;
    this.schedule();
  }

  /** A depth snapshot replaces the symbol's book. */
  depthSnapshot(frame: DepthFrame): void {
    this.holdBook(frame.symbol, bookFromSnapshot(frame), frame.ts);
  }

  /** A depth update changes the book it follows (the sequencer guarantees there is one). In
   *  place: the held book is this writer's own, and each flush writes a copy of it. */
  depthUpdate(frame: DepthFrame): void {
    const held = this.books.get(frame.symbol);
    if (held === undefined) return;
    applyBookUpdateInPlace(held.book, frame);
    held.ts = frame.ts;
    held.receivedAt = this.stamp();
    this.dirtyBooks.add(frame.symbol);
    this.schedule();
  }

  /** The book as this tab holds it (what the next flush writes; changed by later frames). */
  book(symbol: string): Book | undefined {
    return this.books.get(symbol)?.book;
  }

  /** Candles of a kdata frame; each replaces the one with the same open time. */
  putCandles(frame: KdataFrame): void {
    const series = { symbol: frame.symbol, interval: frame.interval };
    const key = seriesKey(series);
    let newest = this.newestCandle.get(key);
    let grew = frame.type === "snapshot";
    for (const [openTime, o, h, l, c, v] of frame.candles) {
      const row: CandleRow = { ...series, openTime, o, h, l, c, v };
      this.candles.set(`${key}|${openTime}`, row);
      if (newest === undefined || openTime > newest) {
        grew = grew || newest !== undefined;
        newest = openTime;
      }
    }
    if (newest !== undefined) this.newestCandle.set(key, newest);
    // Pruning runs when the series gained a candle, not on every update of the current one.
    if (grew && !this.pinned.has(key)) this.prune.set(key, series);
    this.schedule();
  }

  /** The series shows history older than the cap: keep it until `unpin`. */
  pin(series: CandleSeries): void {
    const key = seriesKey(series);
    this.pinned.add(key);
    this.prune.delete(key);
  }

  /** Its chart went away: cut the series back to the cap at the next flush. */
  unpin(series: CandleSeries): void {
    const key = seriesKey(series);
    if (!this.pinned.delete(key)) return;
    this.prune.set(key, series);
    this.schedule();
  }

  /** Writes everything pending now (after a flush that is running); tests and shutdown. */
  async flush(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = null;
    while (this.flushing !== null) await this.flushing;
    await this.flushOnce();
  }

  private holdBook(symbol: string, book: Book, ts: string): void {
    this.books.set(symbol, { book, ts, receivedAt: this.stamp() });
    this.dirtyBooks.add(symbol);
    this.schedule();
  }

  private pending(): boolean {
    return (
      this.tickers.size > 0 ||
      this.candles.size > 0 ||
      this.dirtyBooks.size > 0 ||
      this.prune.size > 0 ||
      this.tickersAt !== null
    );
  }

  private schedule(): void {
    if (this.cancelTimer !== null || this.flushing !== null) return;
    const wait = Math.max(0, this.lastFlushAt + FLUSH_INTERVAL_MS - this.deps.env.now());
    this.cancelTimer = this.deps.env.setTimer(() => {
      this.cancelTimer = null;
      void this.flush();
    }, wait);
  }

  /** Moves everything pending into a batch. */
  private take(): MarketBatch {
    const depth: DepthRow[] = [];
    for (const symbol of this.dirtyBooks) {
      const held = this.books.get(symbol);
      // A copy: the held book keeps changing while the flush's transaction waits its turn.
      if (held !== undefined)
        depth.push({
          symbol,
          bids: [...held.book.bids],
          asks: [...held.book.asks],
          ts: held.ts,
          receivedAt: held.receivedAt,
        });
    }
    const batch: MarketBatch = {
      tickers: [...this.tickers.values()],
      candles: [...this.candles.values()],
      depth,
      prune: [...this.prune.values()],
      tickersAt: this.tickersAt,
    };
    this.tickers.clear();
    this.candles.clear();
    this.dirtyBooks.clear();
    this.prune.clear();
    this.tickersAt = null;
    return batch;
  }

  /** A failed batch goes back where nothing newer replaced it, for the next flush. */
  private restore(batch: MarketBatch): void {
    for (const row of batch.tickers)
      if (!this.tickers.has(row.symbol)) this.tickers.set(row.symbol, row);
    for (const row of batch.candles) {
      const key = `${row.symbol}|${row.interval}|${row.openTime}`;
      if (!this.candles.has(key)) this.candles.set(key, row);
    }
    for (const row of batch.depth) this.dirtyBooks.add(row.symbol);
    for (const series of batch.prune) this.prune.set(seriesKey(series), series);
    this.tickersAt ??= batch.tickersAt;
  }

  private async flushOnce(): Promise<void> {
    if (!this.pending()) return;
    const batch = this.take();
    this.lastFlushAt = this.deps.env.now();
    let failed = false;
    const run = this.write(batch).catch((error: unknown) => {
      // The database went away (cleared, evicted) or is full: keep the data for the next flush,
      // which the next frame schedules — a broken database is not retried in a loop.
      failed = true;
      this.deps.log?.("flush-failed", { error });
      this.restore(batch);
    });
    this.flushing = run;
    try {
      await run;
    } finally {
      this.flushing = null;
    }
    if (!failed && this.pending()) this.schedule();
  }
}
