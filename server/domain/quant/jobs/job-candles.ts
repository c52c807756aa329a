// A job's candles. The main thread reads them (the database belongs to it: PGlite lives in this
// process and answers the API from the same thread) as the stored 1m candles, each chunk of
// MINUTES_PER_CHUNK as one text value (readMinuteCandlesText: ~4 ms for 1 000 minutes, where
// aggregating them in SQL row by row took ~45 ms); between chunks the API's requests get their turn
// (on PGlite the adapter gives one after each statement, pglite-db.ts). The worker thread
// parses them and folds them into the job's interval by the market's own rule
// (server/market/candles.ts aggregateCandles, the rule GET /market/klines answers by), so the
// candles a job sees are the ones the chart shows. The runner keeps the settled chunks in memory
// (candle-chunk-cache.ts), so a job over history another job read costs no reading.
import type { KlineInterval } from "../../../../protocol/market";
import type { Queryable } from "../../../db/db";
import {
  readMinuteCandlesText,
  recordedCandleRange,
  type CandleRow,
} from "../../../db/repositories/candle-repository";
import { aggregateCandles, type Candle } from "../../../market/candles";
import { findSymbol } from "../../../market/symbols";
import { SETTLED_MS, type CandleChunkCache } from "./candle-chunk-cache";
import type { JobPeriod } from "./job-input";

const MINUTE = 60_000;
/** Chunks start on a grid of this many minutes from the epoch, so every job's chunks match. */
const MINUTES_PER_CHUNK = 1_000;
export const CHUNK_MS = MINUTES_PER_CHUNK * MINUTE;

export interface LoadCandleOptions {
  signal?: AbortSignal;
  /** Settled chunks are taken from and kept in it (candle-chunk-cache.ts); none: all read. */
  cache?: CandleChunkCache;
}

/** The period's 1m candles, chunk by chunk ("openMs,o,h,l,c,v;…"), none outside it. */
export async function loadCandleChunks(
  db: Queryable,
  period: Pick<JobPeriod, "symbol" | "fromMs" | "toMs">,
  options: LoadCandleOptions = {},
): Promise<string[]> {
  const { symbol, fromMs, toMs } = period;
  const { signal, cache } = options;
  const settledBefore = cache === undefined ? -Infinity : await settledTime(db, symbol);
  const chunks: string[] = [];
  for (let start = Math.floor(fromMs / CHUNK_MS) * CHUNK_MS; start < toMs; start += CHUNK_MS) {
    signal?.throwIfAborted();
    const end = start + CHUNK_MS;
    const within = start >= fromMs && end <= toMs;
    let text: string;
    if (end <= settledBefore && cache !== undefined) {
      // Settled: kept whole, so any job's period can take its part.
      let whole = cache.get(symbol, start);
      if (whole === undefined) {
        whole = await readMinuteCandlesText(db, symbol, start, end);
        cache.set(symbol, start, whole);
      }
      text = within ? whole : linesWithin(whole, fromMs, toMs);
    } else {
      text = await readMinuteCandlesText(db, symbol, Math.max(start, fromMs), Math.min(end, toMs));
    }
    if (text !== "") chunks.push(text);
  }
  return chunks;
}

/** Chunks ending at or before this time are final (candle-chunk-cache.ts); -∞ with no candle. */
async function settledTime(db: Queryable, symbol: string): Promise<number> {
  const range = await recordedCandleRange(db, symbol);
  return range === null ? -Infinity : range.lastMs - SETTLED_MS;
}

/** The lines of a chunk text (oldest first) whose open time is in [fromMs, toMs). */
export function linesWithin(text: string, fromMs: number, toMs: number): string {
  let first = -1;
  let end = text.length;
  for (let at = 0; at < text.length;) {
    const next = text.indexOf(";", at);
    const lineEnd = next === -1 ? text.length : next;
    const openMs = Number(text.slice(at, text.indexOf(",", at)));
    if (openMs >= toMs) {
      end = at - 1; // the ";" before this line
      break;
    }
    if (first === -1 && openMs >= fromMs) first = at;
    at = lineEnd + 1;
  }
  return first === -1 || first > end ? "" : text.slice(first, end);
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
