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

export class CandleWindow {
  /** Oldest first, at most `capacity`. */
  private readonly candles: UnitCandle[] = [];

  constructor(
    private readonly scales: Scales,
    private readonly intervalMs: number,
    private readonly capacity: number,
  ) {}

  /** A window holding `rows` (served candles, oldest first), as GET /market/klines returns them. */
  static fromRows(
    rows: readonly KlineRow[],
    scales: Scales,
    intervalMs: number,
    capacity: number,
  ): CandleWindow {
    const window = new CandleWindow(scales, intervalMs, capacity);
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
    const since = this.candles.filter((c) => c.openTime >= sinceMs);
    const first = since[0];
    if (!first) return undefined;
    let { h, l } = first;
    let v = 0n;
    for (const c of since) {
      if (c.h > h) h = c.h;
      if (c.l < l) l = c.l;
      v += c.v;
    }
    const p = (units: bigint) => formatFixed(units, this.scales.priceScale);
    return {
      open: p(first.o),
      high: p(h),
      low: p(l),
      volume: formatFixed(v, this.scales.qtyScale),
    };
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
      this.candles.splice(0, this.candles.length - this.capacity);
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
    const found = this.candles[index];
    if (found?.openTime === openTime) {
      this.merge(found, partial);
      return found;
    }
    if (index < 0 && this.candles.length >= this.capacity) return undefined;
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
