// Candles as stored (decimal strings, ISO open times) -> the columns uPlot plots. Converting a
// price to a JavaScript number happens here and only here, and only to place a pixel: every
// value a person reads (the legend) is the original string, and rise/fall is decided exactly.
import { compare, isDecimalString } from "../../../protocol/decimal";
import { parseServerTime } from "../../lib/time";

/** What the chart needs of a candle; the db's CandleRow has these fields and more. */
export interface CandleInput {
  /** ISO-8601 open time. */
  openTime: string;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

/** Column-wise plotting coordinates; index i is candle i (oldest first). */
export interface CandleColumns {
  /** Open times in Unix seconds (uPlot's time unit). */
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  /** close >= open, decided on the decimal strings (a rise is drawn in the "up" colour). */
  rising: boolean[];
}

/** uPlot's aligned data for the candlestick plot: [time, open, high, low, close, volume]. */
export type CandleAlignedData = [number[], number[], number[], number[], number[], number[]];

function checkDecimal(value: string, field: string, index: number): string {
  if (!isDecimalString(value)) {
    throw new TypeError(
      `candle ${index}: ${field} is not a decimal string: ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/**
 * Throws a TypeError for a non-decimal price or volume and a RangeError for an unreadable open
 * time or candles that are not strictly oldest first (uPlot needs ascending x).
 */
export function candleColumns(candles: readonly CandleInput[]): CandleColumns {
  const cols: CandleColumns = {
    time: [],
    open: [],
    high: [],
    low: [],
    close: [],
    volume: [],
    rising: [],
  };
  let previous = Number.NEGATIVE_INFINITY;
  candles.forEach((candle, i) => {
    const seconds = parseServerTime(candle.openTime).getTime() / 1000;
    if (!(seconds > previous)) {
      throw new RangeError(`candle ${i} (${candle.openTime}) is not after the one before it`);
    }
    previous = seconds;
    const o = checkDecimal(candle.o, "o", i);
    const c = checkDecimal(candle.c, "c", i);
    cols.time.push(seconds);
    // Plotting coordinates only (see the header): a double is plenty for a pixel position.
    cols.open.push(Number(o));
    cols.high.push(Number(checkDecimal(candle.h, "h", i)));
    cols.low.push(Number(checkDecimal(candle.l, "l", i)));
    cols.close.push(Number(c));
    cols.volume.push(Number(checkDecimal(candle.v, "v", i)));
    cols.rising.push(compare(c, o) >= 0);
  });
  return cols;
}

export function alignedData(cols: CandleColumns): CandleAlignedData {
  return [cols.time, cols.open, cols.high, cols.low, cols.close, cols.volume];
}

/** Decimal places written in a decimal string ("12.50" -> 2, "7" -> 0). */
export function fractionDigits(value: string): number {
  const point = value.indexOf(".");
  return point < 0 ? 0 : value.length - point - 1;
}

/**
 * The price scale the candles show: the most decimals any price is written with. Prices are
 * served at the symbol's scale but with trailing zeros trimmed, so one candle can under-read it
 * ("65000.5"); across many candles the longest one is the scale. 0 for no candles.
 */
export function inferPriceScale(candles: readonly CandleInput[]): number {
  let scale = 0;
  for (const candle of candles) {
    for (const price of [candle.o, candle.h, candle.l, candle.c]) {
      scale = Math.max(scale, fractionDigits(price));
    }
  }
  return scale;
}
