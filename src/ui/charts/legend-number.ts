// A figure in a chart legend (candle OHLC and volume, depth prices, totals and the mid price) as
// the reader's locale groups it ("67,250.00", "67.250,00"), digit for digit as stored: the
// decimals it came with, never a re-formatted float. Anything that is not a decimal stays as is.
import { isDecimalString } from "../../../protocol/decimal";
import { formatThousands } from "../../lib/number";

export function legendNumber(value: string, locale: string): string {
  return isDecimalString(value) ? formatThousands(value, locale) : value;
}
