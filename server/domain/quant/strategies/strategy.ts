// What a strategy is (issue 20, DESIGN §6): a pure, documented rule from candles to a target
// exposure, used unchanged by the backtester (domain/quant/backtest) and by live plans
// (domain/quant/plans). A strategy never sees money: it reads prices as numbers (signals, not
// amounts) and answers how much of the plan's buying power it wants in the coin, from 0 (all
// cash) to 1 (all in). The executor — backtester or plan runner — turns that target into orders
// in bigint units at the spot engine's fill rules, so every amount stays exact.
//
// Incremental: `step` is called once per closed candle, oldest first, with the state it answered
// last time. Same candles + same params → same targets (no clock, no randomness, no I/O).
//
// Ownership: a state belongs to the one executor stepping it. `step` may update the state it is
// given in place (the three strategies do: a new state per candle was most of a backtest's cost)
// and answers the state to use next, which may be the same object. So a caller passes on the
// answered state and never steps a state it already passed to `step` again; one that needs an old
// state later keeps a copy. A state is plain JSON data (numbers, booleans, null, arrays and
// objects of them; no NaN, no typed arrays), so `JSON.parse(JSON.stringify(state))` is a faithful
// copy, and a state stored as JSON (a live plan's) steps exactly as the one in memory would.
import type { QuantParams, QuantStrategyId } from "../../../../protocol/quant";

/** A closed candle as a strategy reads it: prices as numbers, time in ms since the epoch. */
export interface StrategyCandle {
  /** Open time, ms since the epoch. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One parameter: its range and the grid the optimiser searches (GET /quant/strategies). */
export interface ParamSpec {
  name: string;
  min: number;
  max: number;
  step: number;
  default: number;
}

export interface StrategyDecision<S> {
  /** Fraction of buying power to hold in the coin after this candle: 0 … 1, clamped by callers. */
  target: number;
  state: S;
}

export interface Strategy<S = unknown> {
  id: QuantStrategyId;
  params: readonly ParamSpec[];
  /** Candles `step` must see before its targets mean anything (the executor waits that long). */
  warmUp(params: QuantParams): number;
  /** The state before the first candle. */
  init(params: QuantParams): S;
  /**
   * After the candle closes: the new target and state. Deterministic; may update `state` in
   * place (the header's ownership rule) and never touches anything else.
   */
  step(state: S, candle: StrategyCandle, params: QuantParams): StrategyDecision<S>;
}
