// The newest candles of one (symbol, interval), kept in memory for /ws/kdata: loaded once from
// the record, then advanced by folding each flush's 1m partials into their interval bucket by
// the database's own rule (open stays, high = max, low = min, close = last, volume adds), in
// bigint units at the symbol's scales. So the window always equals what GET /market/klines
// would read, without a query per flush.
import { formatTickTime, type KlineRow } from "../../../protocol/market";
import { bucketStart, type Candle, type Scales } from "../candles";
import { formatFixed, parseUnits } from "../../../protocol/decimal";

interface UnitCandle {
  openTime: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  v: bigint;
  /** The served form, rebuilt when the candle changes. */
  row: KlineRow;
}

/**
 * Candles per block whose high, low and volume `summarySince` keeps between calls. A day of
 * minutes is 24 blocks: a summary reads the cached ones and scans at most the block `since` cuts
 * and the newest one (which each flush changes), instead of all 1 441 candles.
 */
export const SUMMARY_BLOCK_CANDLES = 60;

/** High, low and volume of the candles of one block in the window, and how many there are. */
interface BlockSummary {
  h: bigint;
  l: bigint;
  v: bigint;
  count: number;
}

export class CandleWindow {
  /** Oldest first, at most `capacity`. */
  private readonly candles: UnitCandle[] = [];
  /** By block number; dropped when a candle of the block changes, arrives or leaves. */
  private readonly blockSummaries = new Map<number, BlockSummary>();
  private readonly blockMs: number;

  constructor(
    private readonly scales: Scales,
    private readonly intervalMs: number,
    private readonly capacity: number,
    blockCandles: number = SUMMARY_BLOCK_CANDLES,
  ) {
    this.blockMs = intervalMs * blockCandles;
  }

  /** A window holding `rows` (served candles, oldest first), as GET /market/klines returns them. */
  static fromRows(
    rows: readonly KlineRow[],
    scales: Scales,
    intervalMs: number,
    capacity: number,
    blockCandles?: number,
  ): CandleWindow {
    const window = new CandleWindow(scales, intervalMs, capacity, blockCandles);
    for (const [time, o, h, l, c, v] of rows.slice(-capacity)) {
      const p = (value: string) => parseUnits(value, scales.priceScale);
      window.candles.push(
        window.withRow({
          openTime: Date.parse(time),
          o: p(o),
          h: p(h),
          l: p(l),
          c: p(c),
          v: parseUnits(v, scales.qtyScale),
        }),
      );
    }
    return window;
  }

  get size(): number {
    return this.candles.length;
  }

  /** Open time of the oldest candle held, or undefined when empty. */
  get oldestOpenTime(): number | undefined {
    return this.candles[0]?.openTime;
  }

  /** True while the window has room: it then holds every candle since its first. */
  get hasRoom(): boolean {
    return this.candles.length < this.capacity;
  }

  /** The candles whose open time is in [fromMs, toMs), oldest first. */
  between(fromMs: number, toMs: number): KlineRow[] {
    return this.candles.filter((c) => c.openTime >= fromMs && c.openTime < toMs).map((c) => c.row);
  }

  /**
   * Open, high, low and volume over the candles opened at or after `sinceMs` (the rule of
   * readStatsSince), or undefined when there are none.
   */
  summarySince(
    sinceMs: number,
  ): { open: string; high: string; low: string; volume: string } | undefined {
    const candles = this.candles;
    let i = this.firstAtOrAfter(sinceMs);
    const first = candles[i];
    if (!first) return undefined;
    let { h, l } = first;
    let v = 0n;
    while (i < candles.length) {
      const candle = candles[i] as UnitCandle;
      const block = this.blockOf(candle.openTime);
      // The block is whole from here when no candle of it lies before `since`.
      const previous = candles[i - 1];
      if (previous === undefined || this.blockOf(previous.openTime) !== block) {
        const summary = this.blockSummary(i, block);
        if (summary.h > h) h = summary.h;
        if (summary.l < l) l = summary.l;
        v += summary.v;
        i += summary.count;
      } else {
        if (candle.h > h) h = candle.h;
        if (candle.l < l) l = candle.l;
        v += candle.v;
        i += 1;
      }
    }
    const p = (units: bigint) => formatFixed(units, this.scales.priceScale);
    return {
      open: p(first.o),
      high: p(h),
      low: p(l),
      volume: formatFixed(v, this.scales.qtyScale),
    };
  }

  private blockOf(openTime: number): number {
    return Math.floor(openTime / this.blockMs);
  }

  /** The summary of `block`, whose first candle in the window is at `start`. */
  private blockSummary(start: number, block: number): BlockSummary {
    const cached = this.blockSummaries.get(block);
    if (cached) return cached;
    const first = this.candles[start] as UnitCandle;
    const summary: BlockSummary = { h: first.h, l: first.l, v: 0n, count: 0 };
    for (let j = start; j < this.candles.length; j += 1) {
      const candle = this.candles[j] as UnitCandle;
      if (this.blockOf(candle.openTime) !== block) break;
      if (candle.h > summary.h) summary.h = candle.h;
      if (candle.l < summary.l) summary.l = candle.l;
      summary.v += candle.v;
      summary.count += 1;
    }
    this.blockSummaries.set(block, summary);
    return summary;
  }

  /** Index of the oldest candle opened at or after `ms` (the length when none is). */
  private firstAtOrAfter(ms: number): number {
    let low = 0;
    let high = this.candles.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.candles[mid] as UnitCandle).openTime < ms) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The newest `count` candles, oldest first. */
  last(count: number): KlineRow[] {
    return this.candles.slice(-count).map((c) => c.row);
  }

  /**
   * Folds 1m partials (oldest first) in; returns the candles that changed, oldest first. A
   * partial older than the window changes nothing (the window has moved past it).
   */
  fold(partials: readonly Candle[]): KlineRow[] {
    const changed = new Set<UnitCandle>();
    for (const partial of partials) {
      const candle = this.foldOne(bucketStart(partial.openTime, this.intervalMs), partial);
      if (candle) changed.add(candle);
    }
    for (const candle of changed) candle.row = this.withRow(candle).row;
    if (this.candles.length > this.capacity) {
      const gone = this.candles.splice(0, this.candles.length - this.capacity);
      for (const candle of gone) this.blockSummaries.delete(this.blockOf(candle.openTime));
    }
    const kept = new Set(this.candles);
    return [...changed]
      .filter((c) => kept.has(c))
      .sort((a, b) => a.openTime - b.openTime)
      .map((c) => c.row);
  }

  /** Merges `partial` into the candle of `openTime`, or starts that candle with it. */
  private foldOne(openTime: number, partial: Candle): UnitCandle | undefined {
    let index = this.candles.length - 1;
    while (index >= 0 && (this.candles[index]?.openTime ?? 0) > openTime) index -= 1;
    // Older than every candle of a full window: it has moved past this one.
    if (index < 0 && this.candles.length >= this.capacity) return undefined;
    this.blockSummaries.delete(this.blockOf(openTime));
    const found = this.candles[index];
    if (found?.openTime === openTime) {
      this.merge(found, partial);
      return found;
    }
    const p = (value: string) => parseUnits(value, this.scales.priceScale);
    const created = this.withRow({
      openTime,
      o: p(partial.o),
      h: p(partial.h),
      l: p(partial.l),
      c: p(partial.c),
      v: parseUnits(partial.v, this.scales.qtyScale),
    });
    this.candles.splice(index + 1, 0, created);
    return created;
  }

  private merge(candle: UnitCandle, partial: Candle): void {
    const p = (value: string) => parseUnits(value, this.scales.priceScale);
    const h = p(partial.h);
    const l = p(partial.l);
    if (h > candle.h) candle.h = h;
    if (l < candle.l) candle.l = l;
    candle.c = p(partial.c);
    candle.v += parseUnits(partial.v, this.scales.qtyScale);
  }

  private withRow(candle: Omit<UnitCandle, "row">): UnitCandle {
    const p = (units: bigint) => formatFixed(units, this.scales.priceScale);
    return {
      ...candle,
      row: [
        formatTickTime(candle.openTime),
        p(candle.o),
        p(candle.h),
        p(candle.l),
        p(candle.c),
        formatFixed(candle.v, this.scales.qtyScale),
      ],
    };
  }
}
