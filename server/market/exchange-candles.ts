// An exchange's own 1m candles, turned into what the feed's flushes record. Each exchange update
// is the whole minute so far, while a flush merges partials (mergeCandles: open stays, high/low
// widen, close moves, volumes add). So each flush takes, per changed minute, the latest candle
// with only the volume not yet recorded; a committed flush confirms it. A failed flush confirms
// nothing and the next one carries the difference again; after a restart the first update of a
// minute counts from the volume already stored, never twice. Minutes that open after `freshFrom`
// cannot be stored yet (this process is the one recording them), so only the minutes around a
// start cost a read.
import type { CandleRow } from "../db/repositories/candle-repository";
import { formatFixed, parseUnits } from "../../protocol/decimal";
import type { SourceCandle } from "./sources/market-source";
import type { SymbolSpec } from "./symbols";

/** The stored volume of one 1m candle, or null when there is none. */
export type ReadStoredVolume = (symbol: string, openTime: number) => Promise<string | null>;

interface Minute {
  latest: SourceCandle;
  /** Bumped by every update, so a confirmation knows whether it covered the latest one. */
  version: number;
  /** Volume recorded so far; null until the stored volume is known. */
  recorded: bigint | null;
  /** What the flush under way carries for this minute. */
  inFlight: { v: bigint; version: number } | null;
  dirty: boolean;
}

/** Minutes kept per symbol: the current one and a late update of the previous. */
const KEEP_MINUTES = 3;

export class ExchangeCandles {
  private readonly minutes = new Map<string, Minute>();
  /** Per symbol, the newest minute seen; older ones than KEEP_MINUTES before it are forgotten. */
  private readonly newest = new Map<string, number>();

  constructor(
    private readonly specs: ReadonlyMap<string, SymbolSpec>,
    private readonly readStored: ReadStoredVolume,
    /** Epoch ms; a minute opening at or after it has nothing stored. */
    private readonly freshFrom: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Keeps the latest update of each minute; a minute seen first loads its stored volume. */
  accept(candles: readonly SourceCandle[]): void {
    for (const candle of candles) {
      if (!this.specs.has(candle.symbol)) continue;
      const newest = Math.max(this.newest.get(candle.symbol) ?? 0, candle.openTime);
      // Too late: the minute is forgotten, and counting it again from zero would double it.
      if (candle.openTime <= newest - KEEP_MINUTES * 60_000) continue;
      this.newest.set(candle.symbol, newest);
      const key = `${candle.symbol}|${candle.openTime}`;
      const minute = this.minutes.get(key);
      if (minute) {
        minute.latest = candle;
        minute.version += 1;
        minute.dirty = true;
        continue;
      }
      const unstored = candle.openTime >= this.freshFrom;
      const fresh: Minute = {
        latest: candle,
        version: 1,
        recorded: unstored ? 0n : null,
        inFlight: null,
        dirty: true,
      };
      this.minutes.set(key, fresh);
      if (!unstored) this.loadStored(key, fresh);
      this.forgetOld(candle.symbol, candle.openTime);
    }
  }

  /** The partials the next flush records: changed minutes whose stored volume is known. */
  partials(): CandleRow[] {
    const rows: CandleRow[] = [];
    for (const minute of this.minutes.values()) {
      if (!minute.dirty || minute.recorded === null) continue;
      const { symbol, openTime, o, h, l, c, v } = minute.latest;
      const scale = this.specs.get(symbol)?.qtyScale ?? 0;
      const total = unitsOrNull(v, scale);
      if (total === null) continue; // sources send volumes at the symbol's scale
      const delta = total > minute.recorded ? total - minute.recorded : 0n;
      minute.inFlight = { v: delta, version: minute.version };
      rows.push({ symbol, openTime, o, h, l, c, v: formatFixed(delta, scale) });
    }
    return rows.sort((a, b) => a.openTime - b.openTime);
  }

  /** After a committed flush: its partials are recorded. */
  confirm(rows: readonly CandleRow[]): void {
    for (const row of rows) {
      const minute = this.minutes.get(`${row.symbol}|${row.openTime}`);
      if (!minute?.inFlight || minute.recorded === null) continue;
      minute.recorded += minute.inFlight.v;
      if (minute.inFlight.version === minute.version) minute.dirty = false;
      minute.inFlight = null;
    }
  }

  private loadStored(key: string, minute: Minute): void {
    const { symbol, openTime } = minute.latest;
    const scale = this.specs.get(symbol)?.qtyScale ?? 0;
    const fail = (err: unknown) => {
      // Unknown baseline: forget the minute so its next update tries again.
      if (this.minutes.get(key) === minute) this.minutes.delete(key);
      this.onError(err);
    };
    this.readStored(symbol, openTime).then((stored) => {
      const recorded = stored === null ? 0n : unitsOrNull(stored, scale);
      if (recorded === null) return fail(new Error(`stored volume "${stored}" of ${key}`));
      if (this.minutes.get(key) === minute) minute.recorded = recorded;
    }, fail);
  }

  private forgetOld(symbol: string, openTime: number): void {
    const oldest = openTime - KEEP_MINUTES * 60_000;
    for (const [key, minute] of this.minutes) {
      if (minute.latest.symbol === symbol && minute.latest.openTime <= oldest) {
        this.minutes.delete(key);
      }
    }
  }
}

/** parseUnits that answers null instead of throwing: a flush must never fail on a candle. */
function unitsOrNull(value: string, scale: number): bigint | null {
  try {
    return parseUnits(value, scale);
  } catch {
    return null;
  }
}
