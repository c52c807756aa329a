// Settled chunks of stored 1m candles, kept in memory by the job runner, so the lab's jobs over
// the same history (the popular pairs, the last month: most of them) stop reading it again on the
// thread that serves the API. Reading a job's candles was the largest part of the lab's work on
// that thread (PGlite answers there): ~1.5 ms a chunk, 29 chunks a job (bench/README.md, quant).
//
// Only a chunk that can no longer change is kept. A symbol's stored 1m candles change only near
// its newest one: the feed's flushes merge the current minute and a late update of the minutes
// just before it (exchange-candles.ts keeps three), and history is backfilled only for a symbol
// with no record, oldest first (start-market.ts). Nothing deletes them. So a chunk that ends
// SETTLED_MS or more before the symbol's newest stored candle is final, and a cached copy of it
// equals what the database would answer, in every process.

/** How far behind a symbol's newest stored candle a chunk must end to be kept. */
export const SETTLED_MS = 10 * 60_000;

/** Chunks kept at most: ~60 KB each, so about 12 MB (a month of 1m candles is 44 chunks). */
export const MAX_CACHED_CHUNKS = 200;

/** Least recently used chunk texts by symbol and start; `get` refreshes an entry's use. */
export class CandleChunkCache {
  readonly #texts = new Map<string, string>();

  constructor(readonly maxChunks = MAX_CACHED_CHUNKS) {}

  get size(): number {
    return this.#texts.size;
  }

  get(symbol: string, startMs: number): string | undefined {
    const key = `${symbol} ${startMs}`;
    const text = this.#texts.get(key);
    if (text !== undefined) {
      this.#texts.delete(key);
      this.#texts.set(key, text);
    }
    return text;
  }

  set(symbol: string, startMs: number, text: string): void {
    const key = `${symbol} ${startMs}`;
    this.#texts.delete(key);
    this.#texts.set(key, text);
    for (const oldest of this.#texts.keys()) {
      if (this.#texts.size <= this.maxChunks) break;
      this.#texts.delete(oldest);
    }
  }
}
