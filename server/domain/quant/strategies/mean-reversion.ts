/**
 * Mean reversion: Bollinger bands.
 *
 * What it does: after each closed candle it updates the simple moving average of the last
 * `period` closes (the middle band) and their population standard deviation σ. The lower band is
 * middle − `deviations` × σ. Out of the market, a close below the lower band is read as a dip that
 * will revert: it goes all in (target 1). In the market, a close at or above the middle band
 * means the reversion happened: it goes all out (target 0). Otherwise it keeps what it holds.
 *
 * Parameters: `period` (candles in the bands), `deviations` (band width in σ). Warm-up: `period`
 * candles, target 0.
 *
 * When it loses: when a dip is the start of a trend, not noise. In a steady fall or a crash it
 * buys the first break of the lower band and then holds all the way down, because the price never
 * comes back to the middle band (which itself keeps falling, but slower than the price). It has no
 * stop loss of its own; a plan's max-loss limit is the only one. In a strong rise it is mostly out
 * and misses it. Narrow bands (few deviations) trade often and pay fees each time.
 */
import type { QuantParams } from "../../../../protocol/quant";
import {
  rollingFull,
  rollingInit,
  rollingMean,
  rollingPush,
  rollingStd,
  type Rolling,
} from "./indicators";
import { paramValue } from "./params";
import type { ParamSpec, Strategy } from "./strategy";

export const REVERSION_PARAMS = [
  { name: "period", min: 5, max: 100, step: 1, default: 20 },
  { name: "deviations", min: 0.5, max: 4, step: 0.1, default: 2 },
] as const satisfies readonly ParamSpec[];

const [PERIOD, DEVIATIONS] = REVERSION_PARAMS;

export interface ReversionState {
  /** The band width in σ (a parameter, read once in `init`). */
  readonly deviations: number;
  readonly closes: Rolling;
  /** Whether it went in on a dip and waits for the middle band. */
  holding: boolean;
}

export const meanReversion: Strategy<ReversionState> = {
  id: "mean-reversion",
  params: REVERSION_PARAMS,
  warmUp: (params: QuantParams) => paramValue(params, PERIOD),
  init: (params) => ({
    deviations: paramValue(params, DEVIATIONS),
    closes: rollingInit(paramValue(params, PERIOD)),
    holding: false,
  }),
  // Updates `state` in place and answers it (strategy.ts, "ownership").
  step(state, candle) {
    const { closes } = state;
    rollingPush(closes, candle.close);
    if (!rollingFull(closes)) {
      state.holding = false;
    } else {
      const middle = rollingMean(closes);
      const lower = middle - state.deviations * rollingStd(closes);
      if (!state.holding && candle.close < lower) state.holding = true;
      else if (state.holding && candle.close >= middle) state.holding = false;
    }
    // One return of one object literal (trend-following.ts says why).
    return { target: state.holding ? 1 : 0, state };
  },
};
