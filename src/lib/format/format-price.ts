// Display of market figures from their decimal strings, digit for digit (src/lib/number.ts does
// the locale layout on bigint; nothing here becomes a JavaScript number).
import { compare, isDecimalString } from "../../../protocol/decimal";
import { compactNumber, formatThousands } from "../number";

/** "BTC/USDT" -> "BTC". */
export function baseOf(symbol: string): string {
  return symbol.split("/")[0] ?? symbol;
}

/** "BTC/USDT" -> "USDT" ("" when the symbol has no quote). */
export function quoteOf(symbol: string): string {
  return symbol.split("/")[1] ?? "";
}

/** Fraction digits of a decimal string: the wire serves prices at their symbol's scale. */
export function scaleOf(value: string): number {
  const point = value.indexOf(".");
  return point < 0 ? 0 : value.length - point - 1;
}

/**
 * A price in the reader's locale at `scale` decimals (default: the decimals it came with, which
 * is the symbol's scale). Anything that is not a decimal string is shown as it came.
 */
export function formatPrice(value: string, locale: string, scale = scaleOf(value)): string {
  if (!isDecimalString(value)) return value;
  return formatThousands(value, locale, { minDecimals: scale, maxDecimals: scale });
}

export type Direction = "up" | "down" | "flat";

export function directionOf(change: string): Direction {
  if (!isDecimalString(change)) return "flat";
  const sign = compare(change, "0");
  return sign > 0 ? "up" : sign < 0 ? "down" : "flat";
}

/** "1.5" -> "+1.50%", "-0.25" -> "-0.25%" (two decimals, locale separators). */
export function formatChange(change: string, locale: string): string {
  if (!isDecimalString(change)) return change;
  const text = formatThousands(change, locale, { minDecimals: 2, maxDecimals: 2 });
  return `${directionOf(change) === "up" ? "+" : ""}${text}%`;
}

/** A 24 h volume, short ("1.23k", "45.6M"). */
export function formatVolume(value: string, locale: string): string {
  return isDecimalString(value) ? compactNumber(value, locale) : value;
}

/** A 24 h volume in full with the locale's grouping, two decimals at most ("1,234,567.89"). */
export function formatVolumeFull(value: string, locale: string): string {
  return isDecimalString(value) ? formatThousands(value, locale, { maxDecimals: 2 }) : value;
}
