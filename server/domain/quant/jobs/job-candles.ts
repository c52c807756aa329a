// A job's candles, read on the main thread (the database belongs to it: PGlite lives in this
// process) in small chunks with a yield between them, so a 30-day 1m backtest never holds the
// event loop — or PGlite, which serves the API from the same thread — for more than one chunk's
// query. Each chunk travels to the worker thread as one JSON string: cloning a string is a copy,
// where cloning 43 000 objects would cost the event loop what the chunking saved.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { INTERVAL_MS } from "../../../../protocol/market";
import type { Queryable } from "../../../db/db";
import { readCandles, type CandleRow } from "../../../db/repositories/candle-repository";
import type { JobPeriod } from "./job-input";

/** About this many 1m rows per query. */
const MINUTES_PER_CHUNK = 2_000;

export async function loadCandleChunks(
  db: Queryable,
  period: Pick<JobPeriod, "symbol" | "interval" | "fromMs" | "toMs">,
  signal?: AbortSignal,
): Promise<string[]> {
  const step = INTERVAL_MS[period.interval];
  const perChunk = Math.max(1, Math.floor((MINUTES_PER_CHUNK * 60_000) / step));
  const chunks: string[] = [];
  for (let from = period.fromMs; from < period.toMs; from += perChunk * step) {
    signal?.throwIfAborted();
    const to = Math.min(period.toMs, from + perChunk * step);
    const rows = await readCandles(db, period.symbol, step, from, to);
    if (rows.length > 0) chunks.push(JSON.stringify(rows));
    await yieldToEventLoop();
  }
  return chunks;
}

/** The thread's side: the chunks back as candle rows, oldest first. */
export function candlesOf(chunks: readonly string[]): CandleRow[] {
  return chunks.flatMap((chunk) => JSON.parse(chunk) as CandleRow[]);
}
