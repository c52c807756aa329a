/**
 * Grid: buy each step down, sell each step back up, around a reference price.
 *
 * What it does: the first candle it sees sets the reference price R (its close). The buying power
 * is cut into `levels` equal units. Unit u (1 … levels) is bought when a close is at or below its
 * buy line R × (1 − spacing × (u − levels/2)) and sold when a close is at or above one spacing
 * higher, R × (1 − spacing × (u − 1 − levels/2)). So at R it holds about half (units whose line is
 * at or above R), one more unit for each spacing the price falls, one fewer for each spacing it
 * rises; the target is units held / levels. Selling one spacing above the buy is what earns: each
 * down-and-up swing of one spacing makes about `spacing` on one unit, less fees and slippage.
 *
 * Parameters: `levels` (units, a whole number), `spacing` (fraction of R between lines: 0.005 =
 * 0.5 %). The grid spans R × (1 ± spacing × levels / 2) and is never moved. Warm-up: 1 candle.
 *
 * When it loses: when the price leaves the grid and does not come back. Below the bottom line it
 * is all in and takes the whole fall from there (a crash costs about the average distance from the
 * buy lines plus everything below the grid); above the top line it is all out and misses the rise,
 * having sold its units one spacing up each. A trend in either direction beats it; it only earns
 * in a range whose swings are wider than the spacing plus two fees and slippage.
 */
import type { QuantParams } from "../../../../protocol/quant";
import { paramValue } from "./params";
import type { ParamSpec, Strategy } from "./strategy";

export const GRID_PARAMS = [
  // At most 40 units: each unit (2.5 % of buying power) must reach the executor's least
  // rebalance (backtest/sizing.ts MIN_CHANGE_PPM), or single steps would never trade.
  { name: "levels", min: 2, max: 40, step: 1, default: 10 },
  { name: "spacing", min: 0.001, max: 0.05, step: 0.001, default: 0.005 },
] as const satisfies readonly ParamSpec[];

const [LEVELS, SPACING] = GRID_PARAMS;

export interface GridState {
  /** The parameters, read once in `init` (step runs per candle). */
  readonly levels: number;
  readonly spacing: number;
  /** The reference price; null before the first candle. */
  reference: number | null;
  /** Units held, 0 … levels. */
  held: number;
}

export const grid: Strategy<GridState> = {
  id: "grid",
  params: GRID_PARAMS,
  warmUp: () => 1,
  init: (params: QuantParams) => ({
    levels: paramValue(params, LEVELS),
    spacing: paramValue(params, SPACING),
    reference: null,
    held: 0,
  }),
  // Updates `state` in place and answers it (strategy.ts, "ownership").
  step(state, candle) {
    const { levels, spacing } = state;
    // Written once: rewriting the same number every candle would box it anew each time.
    if (state.reference === null) state.reference = candle.close;
    const reference = state.reference;
    // How many units the close puts on the lines: p = (R − close) / (R × spacing) + levels / 2,
    // so unit u's buy line is reached when u ≤ p and its sell line when u ≥ p + 1.
    const p = (reference - candle.close) / (reference * spacing) + levels / 2;
    // Buy every unit whose buy line the close reached; else sell every unit whose sell line it
    // reached. Both cannot happen at once: a unit's sell line is two spacings above the next buy.
    const reached = Math.min(levels, Math.max(0, Math.floor(p)));
    const kept = Math.min(levels, Math.max(0, Math.ceil(p)));
    let held = state.held;
    if (reached > held) held = reached;
    else if (kept < held) held = kept;
    state.held = held;
    return { target: held / levels, state };
  },
};
