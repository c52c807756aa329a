// The public market reads a running feed answers from memory: GET /market/tickers and
// GET /market/klines used to aggregate thousands of 1m candles per request (~70 ms to several
// hundred on PGlite), so one anonymous client inside the rate limit slowed every other request.
// Here each symbol keeps its last 24 h of 1m candles and every requested (symbol, interval) its
// newest KDATA_MAX_LIMIT candles, loaded once from the record under the feed's readConsistent
// and then advanced by each committed flush (the hub's kdata rule, candle-window.ts). A tickers
// read is then O(symbols) (recomputed at most once per flush); a klines read is a slice.
import { KDATA_MAX_LIMIT } from "../../protocol/feed";
import { INTERVAL_MS, type KlineInterval, type KlineRow, type Ticker } from "../../protocol/market";
import type { Queryable } from "../db/db";
import type { Stats24h } from "../db/repositories/candle-repository";
import { readLastTicks, type TickRow } from "../db/repositories/tick-repository";
import { CandleWindow } from "./hub/candle-window";
import { assembleTickers, klineRange, readKlines, statsSince } from "./market-read";
import type { FlushedBatch, MarketFeed } from "./market-feed";
import { findSymbol, SYMBOLS } from "./symbols";

/** 24 h of minutes plus the running one. */
const DAY_MINUTES = 1441;

type Reader = Pick<MarketFeed, "readConsistent" | "onFlushed">;

export class MarketReadModel {
  private readonly last = new Map<string, TickRow>();
  private readonly minutes = new Map<string, CandleWindow>();
  private tickersLoaded: Promise<void> | null = null;
  private tickersCache: Ticker[] | null = null;
  /** Installed windows (folded by every flush), and the loads in progress. */
  private readonly klineWindows = new Map<string, CandleWindow>();
  private readonly klineLoads = new Map<string, Promise<CandleWindow>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Queryable,
    private readonly feed: Reader,
  ) {
    this.unsubscribe = feed.onFlushed((batch) => this.fold(batch));
  }

  close(): void {
    this.unsubscribe();
  }

  /** Every ticker, as readTickers would read it from the record now. */
  async tickers(): Promise<Ticker[]> {
    this.tickersLoaded ??= this.loadTickers();
    await this.tickersLoaded;
    this.tickersCache ??= this.computeTickers();
    return this.tickersCache;
  }

  /**
   * The klines readKlines would read, from memory; undefined when the range reaches past what
   * the window holds (an old `end`): the caller reads the record.
   */
  async klines(
    symbol: string,
    interval: KlineInterval,
    limit: number,
    endMs: number,
  ): Promise<KlineRow[] | undefined> {
    const key = `${symbol}|${interval}`;
    let loading = this.klineLoads.get(key);
    if (!loading) {
      loading = this.loadKlines(key, symbol, interval);
      this.klineLoads.set(key, loading);
      loading.catch(() => this.klineLoads.delete(key));
    }
    const window = await loading;
    const { fromMs, toMs } = klineRange(interval, limit, endMs);
    const oldest = window.oldestOpenTime;
    if (!window.hasRoom && (oldest === undefined || fromMs < oldest)) return undefined;
    return window.between(fromMs, toMs);
  }

  private loadTickers(): Promise<void> {
    const loading = this.feed.readConsistent(async () => {
      const symbols = SYMBOLS.map((s) => s.symbol);
      const last = await readLastTicks(this.db, symbols);
      const newest = last.length > 0 ? Math.max(...last.map((t) => t.tsMs)) : Date.now();
      const rows = await Promise.all(
        SYMBOLS.map((spec) => readKlines(this.db, spec.symbol, "1m", DAY_MINUTES, newest)),
      );
      // Installed before the read lets go, so the next flush folds into this state.
      for (const tick of last) this.last.set(tick.symbol, tick);
      SYMBOLS.forEach((spec, i) =>
        this.minutes.set(
          spec.symbol,
          CandleWindow.fromRows(rows[i] ?? [], spec, 60_000, DAY_MINUTES),
        ),
      );
      this.tickersCache = null;
    });
    loading.catch(() => (this.tickersLoaded = null));
    return loading;
  }

  private loadKlines(key: string, symbol: string, interval: KlineInterval): Promise<CandleWindow> {
    const spec = findSymbol(symbol);
    if (!spec) return Promise.reject(new Error(`${symbol} is not listed`));
    return this.feed.readConsistent(async () => {
      const [head] = await readLastTicks(this.db, [symbol]);
      const rows = await readKlines(
        this.db,
        symbol,
        interval,
        KDATA_MAX_LIMIT,
        head?.tsMs ?? Date.now(),
      );
      const window = CandleWindow.fromRows(rows, spec, INTERVAL_MS[interval], KDATA_MAX_LIMIT);
      // Installed before the read lets go: flushes before the read are in it, later ones fold.
      this.klineWindows.set(key, window);
      return window;
    });
  }

  private fold(batch: FlushedBatch): void {
    for (const tick of batch.ticks) this.last.set(tick.symbol, tick);
    const bySymbol = new Map<string, FlushedBatch["candles"][number][]>();
    for (const candle of batch.candles) {
      const list = bySymbol.get(candle.symbol) ?? [];
      list.push(candle);
      bySymbol.set(candle.symbol, list);
    }
    for (const [symbol, partials] of bySymbol) {
      this.minutes.get(symbol)?.fold(partials);
      for (const interval of Object.keys(INTERVAL_MS) as KlineInterval[]) {
        this.klineWindows.get(`${symbol}|${interval}`)?.fold(partials);
      }
    }
    this.tickersCache = null;
  }

  private computeTickers(): Ticker[] {
    const last = [...this.last.values()];
    if (last.length === 0) return [];
    const since = statsSince(last);
    const stats: Stats24h[] = [];
    for (const [symbol, window] of this.minutes) {
      const summary = window.summarySince(since);
      if (summary) stats.push({ symbol, ...summary });
    }
    return assembleTickers(last, stats);
  }
}
