// Keeps each symbol's ticks, books and candles moving forward by the exchange's own counters, so
// a frame seen twice (the same update on the old and the new connection while a rotation overlaps
// them, or the ticker repeating an unchanged last trade every second) is recorded once.

export class FrameOrder {
  private readonly lastTrade = new Map<string, number>();
  private readonly lastBook = new Map<string, number>();
  private readonly lastCandle = new Map<string, { openTime: number; eventTime: number }>();

  /** A tick is new when its trade id (Binance `L`) is beyond the last one recorded. */
  admitTrade(symbol: string, tradeId: number): boolean {
    return advance(this.lastTrade, symbol, tradeId);
  }

  /** A book is new when its `lastUpdateId` is beyond the last one served. */
  admitBook(symbol: string, updateId: number): boolean {
    return advance(this.lastBook, symbol, updateId);
  }

  /** A candle update is new for a later minute, or for the same minute at a later event time. */
  admitCandle(symbol: string, openTime: number, eventTime: number): boolean {
    const last = this.lastCandle.get(symbol);
    if (
      last &&
      (openTime < last.openTime || (openTime === last.openTime && eventTime <= last.eventTime))
    ) {
      return false;
    }
    this.lastCandle.set(symbol, { openTime, eventTime });
    return true;
  }
}

function advance(map: Map<string, number>, key: string, value: number): boolean {
  const last = map.get(key);
  if (last !== undefined && value <= last) return false;
  map.set(key, value);
  return true;
}
