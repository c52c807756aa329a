/**
 * Trend following: an EMA crossover with a volatility-scaled position.
 *
 * What it does: after each closed candle it updates a fast and a slow exponential moving average
 * of the close (α = 2 / (period + 1), seeded with the first close) and the realised volatility (the
 * standard deviation of the last `volatilityPeriod` log returns, per candle). While the fast EMA is
 * above the slow one it wants `min(1, targetVolatility / realisedVol)` of the buying power in the
 * coin — all in when the market is calm, less when it is wild, so a volatile stretch risks about as
 * much as a calm one; otherwise it wants nothing (cash). A flat market (realised volatility 0)
 * counts as calm: all in.
 *
 * Parameters: `fastPeriod` and `slowPeriod` (candles, fast < slow), `volatilityPeriod` (candles),
 * `targetVolatility` (per candle, so it depends on the interval: 0.002 is 0.2 % a candle, about
 * right for 1m candles of BTC). Warm-up: max(slowPeriod, volatilityPeriod + 1) candles, target 0.
 *
 * When it loses: in a sideways, choppy market the averages cross back and forth and every cross
 * buys near a local high and sells near a local low, each time paying fees and slippage
 * ("whipsaw"). It is always late: it enters after a rise has begun and exits only after the fall
 * has pulled the fast average under the slow one, so a sudden crash between two candles (or
 * faster than the averages turn) is taken almost in full. Volatility scaling shrinks the position
 * after a shock, not before it.
 */
import type { QuantParams } from "../../../../protocol/quant";
import {
  emaInit,
  emaNext,
  volInit,
  volNext,
  volValue,
  type Ema,
  type RealisedVol,
} from "./indicators";
import { paramValue } from "./params";
import type { ParamSpec, Strategy } from "./strategy";

export const TREND_PARAMS = [
  { name: "fastPeriod", min: 2, max: 50, step: 1, default: 12 },
  { name: "slowPeriod", min: 5, max: 200, step: 1, default: 26 },
  { name: "volatilityPeriod", min: 5, max: 100, step: 1, default: 20 },
  { name: "targetVolatility", min: 0.0005, max: 0.05, step: 0.0005, default: 0.002 },
] as const satisfies readonly ParamSpec[];

const [FAST, SLOW, VOL_PERIOD, TARGET_VOL] = TREND_PARAMS;

export interface TrendState {
  seen: number;
  fast: Ema;
  slow: Ema;
  vol: RealisedVol;
}

/** Fast must be strictly faster than slow, or there is no crossover to read. */
export function trendConstraint(params: QuantParams): string | null {
  return paramValue(params, FAST) < paramValue(params, SLOW)
    ? null
    : "fastPeriod must be less than slowPeriod";
}

export const trendFollowing: Strategy<TrendState> = {
  id: "trend-following",
  params: TREND_PARAMS,
  warmUp: (params) => Math.max(paramValue(params, SLOW), paramValue(params, VOL_PERIOD) + 1),
  init: (params) => ({
    seen: 0,
    fast: emaInit(paramValue(params, FAST)),
    slow: emaInit(paramValue(params, SLOW)),
    vol: volInit(paramValue(params, VOL_PERIOD)),
  }),
  step(state, candle, params) {
    const next: TrendState = {
      seen: state.seen + 1,
      fast: emaNext(state.fast, candle.close),
      slow: emaNext(state.slow, candle.close),
      vol: volNext(state.vol, candle.close),
    };
    const realised = volValue(next.vol);
    const fast = next.fast.value;
    const slow = next.slow.value;
    if (next.seen < trendFollowing.warmUp(params) || realised === null) {
      return { target: 0, state: next };
    }
    if (fast === null || slow === null || !(fast > slow)) return { target: 0, state: next };
    const target = realised > 0 ? Math.min(1, paramValue(params, TARGET_VOL) / realised) : 1;
    return { target, state: next };
  },
};
