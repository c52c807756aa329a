// Starting the market on a database. Simulated: backfill history into a fresh one, otherwise
// continue each symbol from its last recorded price. Binance (startBinanceMarket): no backfill,
// history comes from the exchange's own klines as they arrive. Then run the feed. workers.ts
// calls this in the leading process, attaches the feed to the app (`app.market.attach`) for
// depth and the market sockets, and stops the result before closing the database.
import type { MarketConfig } from "./market-config";
import type { Db } from "../db/db";
import { insertCandles, lastCloses } from "../db/repositories/candle-repository";
import { readLastTicks } from "../db/repositories/tick-repository";
import { generateBackfill } from "./backfill";
import { MarketFeed, MAX_TICK_LATENESS_MS } from "./market-feed";
import { BinanceSource, type SourceLog } from "./sources/binance/binance-source";
import type { MarketSource } from "./sources/market-source";
import { SimulatedMarket } from "./sources/simulated-market";
import { SimulatedSource } from "./sources/simulated-source";
import { SYMBOLS } from "./symbols";

/** Five days of 1m candles per insert statement. */
const INSERT_CHUNK = 5 * 1440;

export interface StartMarketOptions {
  now?: () => number;
  onError?: (err: unknown) => void;
  /** Called once with what the backfill did (rows and milliseconds), when it ran. */
  onBackfill?: (info: { candles: number; ms: number }) => void;
  /** Aborts a backfill in progress (shutdown during the first start). */
  signal?: AbortSignal;
  /** Tests step the source by hand (`source.emit(ts)`) instead of by its timer. */
  manual?: boolean;
}

export interface RunningMarket<S extends MarketSource = SimulatedSource> {
  feed: MarketFeed;
  source: S;
  stop(): Promise<void>;
}

export async function startSimulatedMarket(
  db: Db,
  config: Omit<MarketConfig, "binanceUrl">,
  options: StartMarketOptions = {},
): Promise<RunningMarket> {
  const now = options.now ?? Date.now;
  const symbols = SYMBOLS.map((s) => s.symbol);
  const startMs = now();
  // Continue each symbol from the record: its last tick, else its last candle's close.
  const prices = new Map((await lastCloses(db, symbols)).map((c) => [c.symbol, c.c]));
  for (const t of await readLastTicks(db, symbols)) prices.set(t.symbol, t.price);
  const market = new SimulatedMarket(config.seed, SYMBOLS, prices, String(startMs));
  // Symbols with no record get history first, one symbol at a time, yielding between
  // statements so a server that is already listening stays responsive.
  const fresh = SYMBOLS.filter((s) => !prices.has(s.symbol));
  if (fresh.length > 0 && config.backfillDays > 0) {
    const began = performance.now();
    const endMs = Math.floor(startMs / 60_000) * 60_000;
    let candles = 0;
    for (const spec of fresh) {
      options.signal?.throwIfAborted();
      const rows = generateBackfill(market, spec, endMs, config.backfillDays);
      // Statements of a few days each, so a shutdown waits for one chunk at most. An aborted
      // history is still continuous: the next start continues from its last close.
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        options.signal?.throwIfAborted();
        await db.transaction((tx) => insertCandles(tx, rows.slice(i, i + INSERT_CHUNK)));
        await new Promise((resolve) => setImmediate(resolve));
      }
      candles += rows.length;
    }
    options.onBackfill?.({ candles, ms: Math.round(performance.now() - began) });
  }
  options.signal?.throwIfAborted();
  const source = new SimulatedSource({
    market,
    ticksPerSecond: config.ticksPerSecond,
    now,
    manual: options.manual ?? false,
  });
  const feed = await MarketFeed.open({
    db,
    source,
    specs: SYMBOLS,
    now,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  feed.start();
  return { feed, source, stop: () => feed.stop() };
}

/**
 * The Binance feed: ticks, books and 1m candles from the exchange's public streams, each chain
 * continued from its last recorded tick. Never waits for the network: the source connects, and
 * reconnects, in the background.
 */
export async function startBinanceMarket(
  db: Db,
  config: Pick<MarketConfig, "binanceUrl">,
  options: Pick<StartMarketOptions, "now" | "onError"> & { log?: SourceLog } = {},
): Promise<RunningMarket<BinanceSource>> {
  const source = new BinanceSource({
    specs: SYMBOLS,
    baseUrl: config.binanceUrl,
    ...(options.log ? { log: options.log } : {}),
  });
  const feed = await MarketFeed.open({
    db,
    source,
    specs: SYMBOLS,
    maxTickLatenessMs: MAX_TICK_LATENESS_MS,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  feed.start();
  return { feed, source, stop: () => feed.stop() };
}
