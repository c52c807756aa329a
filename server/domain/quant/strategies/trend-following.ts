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
  emaAlpha,
  emaNext,
  logReturn,
  rollingFull,
  rollingInit,
  rollingPush,
  rollingStd,
  type Rolling,
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

/** What the parameters fix, worked out once in `init` (step runs per candle). */
interface TrendConstants {
  fastAlpha: number;
  slowAlpha: number;
  warmUp: number;
  targetVolatility: number;
}

export interface TrendState {
  readonly k: TrendConstants;
  readonly seen: number;
  /** The EMAs; null before the first close. */
  readonly fast: number | null;
  readonly slow: number | null;
  readonly lastClose: number | null;
  /** The last `volatilityPeriod` log returns: realised volatility is their deviation. */
  readonly returns: Rolling;
}

/** Fast must be strictly faster than slow, or there is no crossover to read. */
export function trendConstraint(params: QuantParams): string | null {
  return paramValue(params, FAST) < paramValue(params, SLOW)
    ? null
    : "fastPeriod must be less than slowPeriod";
}

const warmUp = (params: QuantParams): number =>
  Math.max(paramValue(params, SLOW), paramValue(params, VOL_PERIOD) + 1);

export const trendFollowing: Strategy<TrendState> = {
  id: "trend-following",
  params: TREND_PARAMS,
  warmUp,
  init: (params) => ({
    k: {
      fastAlpha: emaAlpha(paramValue(params, FAST)),
      slowAlpha: emaAlpha(paramValue(params, SLOW)),
      warmUp: warmUp(params),
      targetVolatility: paramValue(params, TARGET_VOL),
    },
    seen: 0,
    fast: null,
    slow: null,
    lastClose: null,
    returns: rollingInit(paramValue(params, VOL_PERIOD)),
  }),
  step(state, candle) {
    const { k } = state;
    const close = candle.close;
    const fast = emaNext(state.fast, k.fastAlpha, close);
    const slow = emaNext(state.slow, k.slowAlpha, close);
    const returns =
      state.lastClose === null
        ? state.returns
        : rollingPush(state.returns, logReturn(state.lastClose, close));
    const seen = state.seen + 1;
    const next: TrendState = { k, seen, fast, slow, lastClose: close, returns };
    if (seen < k.warmUp || !rollingFull(returns) || !(fast > slow))
      return { target: 0, state: next };
    const realised = rollingStd(returns);
    return { target: realised > 0 ? Math.min(1, k.targetVolatility / realised) : 1, state: next };
  },
};
