// Read hooks over the market tables, which src/sync/feeds fills from the websockets.
// Screens subscribe to a topic through src/sync (watchMarket) and read the result here.
import { useMemo } from "react";
import type { KlineInterval } from "../../../protocol";
import { database, type CandleRow, type DepthRow, type TickerRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { CandleRow, DepthRow, TickerRow };

/** Every ticker the device knows (in symbol order; screens sort as they show them). */
export function useTickers(): LiveResult<TickerRow[]> {
  const store = useMemo(() => liveStore(() => database().tickers.toArray()), []);
  return useLiveStore(store);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** The symbols that have a ticker (in symbol order); a new value only when that list changes. */
export function useTickerSymbols(): LiveResult<string[]> {
  const store = useMemo(
    () =>
      liveStore(async () => (await database().tickers.toCollection().primaryKeys()).map(String), {
        equal: sameList,
      }),
    [],
  );
  return useLiveStore(store);
}

/** One symbol's latest ticker, or null before the first arrived. */
export function useTicker(symbol: string): LiveResult<TickerRow | null> {
  const store = useMemo(
    () => liveStore(async () => (await database().tickers.get(symbol)) ?? null),
    [symbol],
  );
  return useLiveStore(store);
}

/** The newest `limit` candles of a symbol and interval, oldest first. */
export function useCandles(
  symbol: string,
  interval: KlineInterval,
  limit = 1000,
): LiveResult<CandleRow[]> {
  const store = useMemo(
    () =>
      liveStore(async () =>
        (
          await database()
            .candles.where("[symbol+interval+openTime]")
            .between([symbol, interval, ""], [symbol, interval, "\uffff"])
            .reverse()
            .limit(limit)
            .toArray()
        ).reverse(),
      ),
    [symbol, interval, limit],
  );
  return useLiveStore(store);
}

/** A symbol's latest order book, or null before the first arrived. */
export function useDepth(symbol: string): LiveResult<DepthRow | null> {
  const store = useMemo(
    () => liveStore(async () => (await database().depth.get(symbol)) ?? null),
    [symbol],
  );
  return useLiveStore(store);
}
