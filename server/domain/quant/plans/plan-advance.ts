// One run of a plan over recorded ticks, in order (README "Running"): pure — the runner reads the
// ticks, candles and the quote rule, this decides. For each tick (time, then symbol, then seq):
//   1. a tick in a later minute than the symbol's next candle closes the candles before it: the
//      strategy steps each stored candle, and once its warm-up is met the plan trades toward the
//      last target at this tick (priced by `quote`: the live book, or the tick's price);
//   2. the tick becomes the symbol's mark, the plan's equity is marked at every symbol's last
//      price, and a limit reached (protocol/quant.ts planLimitReached) ends the plan here:
//      everything is sold at the recorded ticks' prices.
// Ticks at or after the delivery time are not the plan's; the runner delivers after the last.
import { planLimitReached, type PlanTerms } from "../../../../protocol/quant";
import type { Side, SpotRules } from "../../../../protocol/spot-rules";
import type { SymbolCursor } from "../../../db/repositories/quant-subscription-repository";
import type { NewQuantTrade } from "../../../db/repositories/quant-subscription-trade-repository";
import type { Strategy, StrategyCandle } from "../strategies/strategy";
import { TAKER_FEE } from "../../spot/spot-config";
import { targetPpm } from "../backtest/sizing";
import {
  affordable,
  applyFill,
  equityAt,
  sizeTrade,
  type PlanBook,
  type SizedTrade,
} from "./plan-book";

const MINUTE_MS = 60_000;

export interface RunTick {
  symbol: string;
  seq: string;
  /** USDT units per whole coin. */
  price: bigint;
  tsMs: number;
}

export interface FillQuote {
  price: bigint;
  fill: "book" | "tick";
}

/** How a trade at `tick` is priced; null: not now (a refused walk of a strategy trade). */
export type Quote = (
  symbol: string,
  side: Side,
  quantity: bigint,
  tick: RunTick,
  reason: "strategy" | "close",
) => FillQuote | null;

/** Per symbol: the strategy's state and how many candles it has stepped. */
export interface SymbolStrategy {
  state: unknown;
  steps: number;
  /** The last target it answered (null before its first candle). */
  target: number | null;
  /** The target (ppm) it last traded to or found reached (the rebalance band's reference). */
  lastPpm?: number;
}

export interface PlanRun {
  id: string;
  book: PlanBook;
  terms: Pick<PlanTerms, "maxProfitRate" | "maxLossRate">;
  strategy: Strategy;
  params: Record<string, number>;
  states: Record<string, SymbolStrategy>;
  cursors: Record<string, SymbolCursor>;
  lastTickSeq: string | null;
  trades: NewQuantTrade[];
  rulesOf: (symbol: string) => SpotRules;
}

export type LimitEnd = { reason: "max-profit" | "max-loss"; atMs: number };
/** The strategy threw: the plan ends at this tick, sold at the recorded prices. */
export type StrategyFailureEnd = { reason: "strategy-error"; atMs: number; error: unknown };
export type RunEnd = LimitEnd | StrategyFailureEnd;

/** Steps the strategy over the candles of `symbol` that opened before `minute`. */
function stepCandles(
  run: PlanRun,
  symbol: string,
  candles: readonly StrategyCandle[],
  minute: number,
): boolean {
  const cursor = run.cursors[symbol];
  const own = run.states[symbol];
  if (cursor === undefined || own === undefined) throw new Error(`${symbol}: not the plan's`);
  let stepped = false;
  for (const candle of candles) {
    if (candle.time < cursor.nextCandleMs || candle.time >= minute) continue;
    const decision = run.strategy.step(own.state, candle, run.params);
    own.state = decision.state;
    own.steps += 1;
    own.target = decision.target;
    stepped = true;
  }
  cursor.nextCandleMs = minute;
  return stepped;
}

/** Trades `symbol` at `tick` (strategy or close), recording it; false when nothing filled. */
export function trade(
  run: PlanRun,
  symbol: string,
  sized: SizedTrade,
  tick: RunTick,
  quote: Quote,
  reason: "strategy" | "close",
): boolean {
  const rules = run.rulesOf(symbol);
  let quantity = sized.quantity;
  let priced = quote(symbol, sized.side, quantity, tick, reason);
  if (priced === null) return false;
  if (sized.side === "buy") {
    // A walk may price above the sizing price: never past the credit floor.
    const most = affordable(run.book, priced.price, rules, TAKER_FEE);
    if (quantity > most) {
      quantity = most;
      if (quantity < rules.minQty) return false;
      priced = quote(symbol, sized.side, quantity, tick, reason);
      if (priced === null || quantity > affordable(run.book, priced.price, rules, TAKER_FEE)) {
        return false;
      }
    }
  }
  const filled = { side: sized.side, quantity };
  const { notional, fee } = applyFill(run.book, symbol, filled, priced.price, rules, TAKER_FEE);
  run.trades.push({
    subscriptionId: run.id,
    symbol,
    side: sized.side,
    price: priced.price,
    quantity,
    notional,
    fee,
    fill: priced.fill,
    reason,
    tickSeq: tick.seq,
    timeMs: tick.tsMs,
  });
  return true;
}

/** The symbol's last tick acted on, as a RunTick (null before its first). */
export function lastTick(run: PlanRun, symbol: string): RunTick | null {
  const c = run.cursors[symbol];
  if (c?.seq === null || c?.price === null || c?.tsMs === null || c === undefined) return null;
  return { symbol, seq: c.seq, price: BigInt(c.price), tsMs: c.tsMs };
}

/** Sells every position at its symbol's last tick (by `quote`). */
export function closeAll(run: PlanRun, quote: Quote): void {
  for (const [symbol, p] of [...run.book.positions]) {
    const tick = lastTick(run, symbol);
    if (tick === null) throw new Error(`${symbol}: a position without a tick`);
    const sold = trade(run, symbol, { side: "sell", quantity: p.quantity }, tick, quote, "close");
    if (!sold) throw new Error(`${symbol}: a close found no price`);
  }
}

/** The prices the ticks so far mark each symbol at. */
function markPrice(run: PlanRun) {
  return (symbol: string) => {
    const price = run.cursors[symbol]?.price;
    return price === null || price === undefined ? null : BigInt(price);
  };
}

/**
 * Runs `ticks` (sorted, all before delivery) through the plan; answers the limit that ended it,
 * or null while it runs on. `candlesOf` holds each symbol's stored 1m candles from its cursor.
 */
export function advance(
  run: PlanRun,
  ticks: readonly RunTick[],
  candlesOf: (symbol: string) => readonly StrategyCandle[],
  warmUp: number,
  quote: Quote,
): RunEnd | null {
  for (const tick of ticks) {
    const cursor = run.cursors[tick.symbol];
    if (cursor === undefined) continue;
    const minute = Math.floor(tick.tsMs / MINUTE_MS) * MINUTE_MS;
    if (minute > cursor.nextCandleMs) {
      let stepped: boolean;
      try {
        stepped = stepCandles(run, tick.symbol, candlesOf(tick.symbol), minute);
      } catch (error) {
        // A strategy that throws would throw again on every retry and hold the user's amount
        // frozen for good: the plan ends here instead, sold at the recorded ticks.
        markTick(run, tick);
        closeAll(run, tickQuote);
        return { reason: "strategy-error", atMs: tick.tsMs, error };
      }
      const own = run.states[tick.symbol];
      if (stepped && own !== undefined && own.steps >= warmUp && own.target !== null) {
        const ppm = targetPpm(own.target);
        const sizing = sizeTrade(
          run.book,
          tick.symbol,
          { ppm, last: own.lastPpm ?? 0 },
          tick.price,
          run.rulesOf(tick.symbol),
          TAKER_FEE,
        );
        if (sizing.kind === "none") own.lastPpm = ppm;
        if (
          sizing.kind === "trade" &&
          trade(run, tick.symbol, sizing.trade, tick, quote, "strategy")
        ) {
          own.lastPpm = ppm;
        }
      }
    }
    markTick(run, tick);
    const pnl = equityAt(run.book, markPrice(run), run.rulesOf) - run.book.amount;
    const reached = planLimitReached(pnl, run.book.amount, run.terms);
    if (reached !== null) {
      closeAll(run, tickQuote);
      return { reason: reached, atMs: tick.tsMs };
    }
  }
  return null;
}

/** The tick becomes its symbol's mark and the plan's cursor. */
function markTick(run: PlanRun, tick: RunTick): void {
  const cursor = run.cursors[tick.symbol];
  if (cursor === undefined) return;
  cursor.seq = tick.seq;
  cursor.price = tick.price.toString();
  cursor.tsMs = tick.tsMs;
  run.lastTickSeq = tick.seq;
}

/** A recorded tick's price, as a limit's close and a catch-up fill use. */
export const tickQuote: Quote = (_symbol, _side, _quantity, tick) => ({
  price: tick.price,
  fill: "tick",
});
