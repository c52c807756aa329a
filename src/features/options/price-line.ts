// The points of the options chart's live line, from IndexedDB only: the closes of the last
// minute candles for the minutes before the screen opened, then every new last price the tickers
// table receives (the feed writes it about once a second). The received prices are kept per
// symbol for the app's life, so coming back to the screen does not start the line over.
import type { CandleRow, TickerRow } from "../../db/queries/market";
import type { PricePoint } from "../../ui/charts/price-line-data";

/** Enough for the longest product (300 s) and the minutes before it, at a price a second. */
const KEEP_POINTS = 900;
const MINUTE_MS = 60_000;

const received = new Map<string, PricePoint[]>();

/** Adds a ticker's last price to its symbol's line (once per tick time); answers the line. */
export function receiveTicker(ticker: Pick<TickerRow, "symbol" | "last" | "ts">): PricePoint[] {
  const line = received.get(ticker.symbol) ?? [];
  const at = Date.parse(ticker.ts);
  const newest = line[line.length - 1];
  if (Number.isFinite(at) && (newest === undefined || at > newest.at)) {
    const next = [...line, { at, price: ticker.last }];
    const kept = next.length > KEEP_POINTS ? next.slice(next.length - KEEP_POINTS) : next;
    received.set(ticker.symbol, kept);
    return kept;
  }
  return line;
}

export function receivedLine(symbol: string): PricePoint[] {
  return received.get(symbol) ?? [];
}

/** For tests: forget every received price. */
export function forgetReceivedLines(): void {
  received.clear();
}

/**
 * The line: each finished minute candle's close at its end, up to the first received price,
 * then the received prices. The newest candle is still moving, so it is left out.
 */
export function priceLine(
  candles: readonly CandleRow[],
  live: readonly PricePoint[],
): PricePoint[] {
  const firstLive = live[0]?.at ?? Number.POSITIVE_INFINITY;
  const history: PricePoint[] = [];
  for (const candle of candles.slice(0, -1)) {
    const at = Date.parse(candle.openTime) + MINUTE_MS;
    if (Number.isFinite(at) && at < firstLive) history.push({ at, price: candle.c });
  }
  return history.length === 0 ? [...live] : [...history, ...live];
}
