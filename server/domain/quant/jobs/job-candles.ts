// A job's candles. The main thread reads them (the database belongs to it: PGlite lives in this
// process and answers the API from the same thread) as the stored 1m candles, each chunk of
// MINUTES_PER_CHUNK as one text value (readMinuteCandlesText: ~4 ms for 1 000 minutes, where
// aggregating them in SQL row by row took ~45 ms), with a yield between chunks. The worker thread
// parses them and folds them into the job's interval by the market's own rule
// (server/market/candles.ts aggregateCandles, the rule GET /market/klines answers by), so the
// candles a job sees are the ones the chart shows.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { KlineInterval } from "../../../../protocol/market";
import type { Queryable } from "../../../db/db";
import type { CandleRow } from "../../../db/repositories/candle-repository";
import { readMinuteCandlesText } from "../../../db/repositories/quant-job-repository";
import { aggregateCandles, type Candle } from "../../../market/candles";
import { findSymbol } from "../../../market/symbols";
import type { JobPeriod } from "./job-input";

const MINUTES_PER_CHUNK = 1_000;
const MINUTE = 60_000;

/** The period's 1m candles, chunk by chunk ("openMs,o,h,l,c,v;…"). */
export async function loadCandleChunks(
  db: Queryable,
  period: Pick<JobPeriod, "symbol" | "fromMs" | "toMs">,
  signal?: AbortSignal,
): Promise<string[]> {
  const chunks: string[] = [];
  for (let from = period.fromMs; from < period.toMs; from += MINUTES_PER_CHUNK * MINUTE) {
    signal?.throwIfAborted();
    const to = Math.min(period.toMs, from + MINUTES_PER_CHUNK * MINUTE);
    const text = await readMinuteCandlesText(db, period.symbol, from, to);
    if (text !== "") chunks.push(text);
    await yieldToEventLoop();
  }
  return chunks;
}

/** The thread's side: the chunks as candle rows of `interval`, oldest first. */
export function candlesOf(
  chunks: readonly string[],
  symbol: string,
  interval: KlineInterval,
): CandleRow[] {
  const spec = findSymbol(symbol);
  if (spec === undefined) throw new Error(`${symbol} is not listed`);
  const minutes: Candle[] = [];
  for (const chunk of chunks) {
    for (const line of chunk.split(";")) {
      const [t = "", o = "", h = "", l = "", c = "", v = ""] = line.split(",");
      minutes.push({ openTime: Number(t), o, h, l, c, v });
    }
  }
  const candles = interval === "1m" ? minutes : aggregateCandles(minutes, interval, spec);
  return candles.map((candle) => ({ symbol, ...candle }));
}
