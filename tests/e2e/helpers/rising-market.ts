// A simulated market whose history ends in a clear rise of one symbol, for tests that need a
// trend-following plan to buy within its first minutes. The simulated feed is seeded (the same
// seed replays the same path), so this searches seeds with the server's own pieces — the price
// process, the backfill and the strategy, not copies of them — instead of pinning a seed that a
// change to any of them would silently turn into a falling market. The server then runs with the
// seed found (MARKET_SEED) and decides everything itself.
import type { QuantParams } from "../../../protocol/quant";
import { generateBackfill } from "../../../server/market/backfill";
import { SimulatedMarket } from "../../../server/market/sources/simulated-market";
import { SYMBOLS } from "../../../server/market/symbols";
import { trendFollowing } from "../../../server/domain/quant/strategies/trend-following";

export interface RisingMarket {
  seed: string;
  /** (fast EMA − slow EMA) / slow EMA at each checked minute's close: all above the margin. */
  gaps: number[];
}

export interface RisingMarketOptions {
  symbol: string;
  params: QuantParams;
  /** Days of history the server backfills (MARKET_BACKFILL_DAYS). */
  backfillDays: number;
  /** Minutes after the history that must keep the fast average above the slow one. */
  minutes: number;
  /** How far above, as a fraction of the slow average, at every one of those closes. */
  margin: number;
}

/** The first seed `quanta-rising-<n>` whose path rises as asked (throws if none in 500). */
export function risingMarketSeed(options: RisingMarketOptions): RisingMarket {
  const spec = SYMBOLS.find((s) => s.symbol === options.symbol);
  if (spec === undefined) throw new Error(`no symbol ${options.symbol}`);
  for (let n = 0; n < 500; n++) {
    const seed = `quanta-rising-${n}`;
    const market = new SimulatedMarket(seed, SYMBOLS);
    const history = generateBackfill(market, spec, 0, options.backfillDays);
    // A live plan primes its strategy with the last warm-up candles before its start.
    const closes = history.slice(-trendFollowing.warmUp(options.params)).map((c) => Number(c.c));
    // The live feed continues the same random stream, a step per second (one tick a second).
    for (let minute = 0; minute < options.minutes; minute++) {
      let close = 0;
      for (let second = 0; second < 60; second++) {
        close = market.stepRaw(spec.symbol, 1).price;
      }
      closes.push(close);
    }
    const gaps = trendGaps(closes, options.params).slice(-(options.minutes + 1));
    if (gaps.every((gap) => gap > options.margin)) return { seed, gaps };
  }
  throw new Error(`no seed among 500 rises as asked for ${options.symbol}`);
}

/** The gap after each close, stepping the plan's strategy as the plan runner does. */
function trendGaps(closes: number[], params: QuantParams): number[] {
  let state = trendFollowing.init(params);
  const gaps: number[] = [];
  for (const [index, close] of closes.entries()) {
    const candle = { time: index * 60_000, open: close, high: close, low: close, close, volume: 0 };
    state = trendFollowing.step(state, candle, params).state;
    gaps.push((state.fast - state.slow) / state.slow);
  }
  return gaps;
}
