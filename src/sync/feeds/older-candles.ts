// History before the oldest stored candle, for a chart scrolled back past what the feed brought.
//
// The pruning rule, kept simple: the candles table holds the newest 1000 candles per symbol and
// interval, cut from the oldest side when the feed adds a candle. Loading older history pins the
// series in this tab: it is not cut while a chart watches it, so nothing the chart scrolled to
// disappears under it; when the series' last watcher in this tab leaves, the next flush cuts it
// back to the newest 1000. (Another tab watching the same series still cuts it; charts that need
// the history load it again.)
import { isKlineInterval, KDATA_MAX_LIMIT, type KlineInterval } from "../../../protocol";
import { getKlines } from "../../api/market";
import type { CandleRow } from "../../db/database";
import { addOlderCandles } from "../../db/market-data";
import { isIsoTime, isKlineRow, isMarketSymbol } from "./feed-frames";
import { tabMarketWriter } from "./tab-feeds";

export const OLDER_CANDLES_LIMIT = 300;

/**
 * GET /market/klines for up to `limit` candles before `beforeOpenTime` (ISO-8601), stored in
 * the candles table; answers how many were new. Fails (without a toast) when the server cannot
 * be reached — the chart keeps what it has. A RangeError for bad arguments, before any request.
 */
export async function loadOlderCandles(
  symbol: string,
  interval: KlineInterval,
  beforeOpenTime: string,
  limit: number = OLDER_CANDLES_LIMIT,
): Promise<number> {
  if (!isMarketSymbol(symbol))
    throw new RangeError(`Not a market symbol: ${JSON.stringify(symbol)}`);
  if (!isKlineInterval(interval))
    throw new RangeError(`Not a kline interval: ${JSON.stringify(interval)}`);
  if (!isIsoTime(beforeOpenTime)) {
    throw new RangeError(`Not an ISO-8601 time: ${JSON.stringify(beforeOpenTime)}`);
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > KDATA_MAX_LIMIT) {
    throw new RangeError(`limit must be an integer from 1 to ${KDATA_MAX_LIMIT}, not ${limit}`);
  }
  const before = Date.parse(beforeOpenTime);
  tabMarketWriter().pin({ symbol, interval });
  // `end` names the candle containing it: one millisecond earlier is the candle before.
  const rows = await getKlines(
    { symbol, interval, limit, end: new Date(before - 1).toISOString() },
    { quiet: true },
  );
  const candles = (Array.isArray(rows) ? rows : [])
    .filter(isKlineRow)
    .filter(([openTime]) => Date.parse(openTime) < before)
    .map(([openTime, o, h, l, c, v]): CandleRow => ({ symbol, interval, openTime, o, h, l, c, v }));
  return addOlderCandles(candles);
}
