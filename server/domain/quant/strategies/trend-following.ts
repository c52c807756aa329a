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
  /** Closes seen; until the first, the three numbers below are 0 and mean nothing. */
  seen: number;
  /** The EMAs (numbers from the start, not null: a field that always holds a number is updated
   * in place; one that may hold null keeps a boxed copy and allocates on every write). */
  fast: number;
  slow: number;
  lastClose: number;
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
    fast: 0,
    slow: 0,
    lastClose: 0,
    returns: rollingInit(paramValue(params, VOL_PERIOD)),
  }),
  // Updates `state` in place and answers it (strategy.ts, "ownership").
  step(state, candle) {
    const { k } = state;
    const close = candle.close;
    const first = state.seen === 0;
    // emaNext's rule, written out: passing `null | number` would box the number every candle.
    const fast = first ? close : state.fast + k.fastAlpha * (close - state.fast);
    const slow = first ? close : state.slow + k.slowAlpha * (close - state.slow);
    if (!first) rollingPush(state.returns, logReturn(state.lastClose, close));
    const seen = state.seen + 1;
    state.seen = seen;
    state.fast = fast;
    state.slow = slow;
    state.lastClose = close;
    let target = 0;
    if (seen >= k.warmUp && rollingFull(state.returns) && fast > slow) {
      const realised = rollingStd(state.returns);
      target = realised > 0 ? Math.min(1, k.targetVolatility / realised) : 1;
    }
    // One return of one object literal: where `step` is inlined, the decision is then never
    // allocated (two literals merging into one value defeat that).
    return { target, state };
  },
};
