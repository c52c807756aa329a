// From a lab request (POST /quant/backtests body, times already parsed) to a runnable
// BacktestInput: parameters checked and completed with defaults, the symbol's spot rules, the spot
// taker fee, the assumed slippage, and the stored candles with enough warm-up before `from`.
import type { Queryable } from "../../../db/db";
import type { KlineInterval } from "../../../../protocol/market";
import type { QuantParams, QuantStrategyId } from "../../../../protocol/quant";
import type { Rate, SpotRules } from "../../../../protocol/spot-rules";
import { spotRules, TAKER_FEE } from "../../spot/spot-config";
import { resolveParams, STRATEGIES } from "../strategies/index";
import type { BacktestInput } from "./backtest-types";
import { loadBacktestCandles } from "./load-candles";
import { BacktestInputError } from "./run-backtest";

/** The lab's capital when a request names none: 10,000 USDT (results are rates anyway). */
export const LAB_CAPITAL = 10_000n * 1_000_000n;
/**
 * Assumed slippage: 0.05 % against every fill. The spot engine walks the live book; candles hold
 * no book, so this stands for the spread and the walk of a modest order on a liquid symbol.
 */
export const DEFAULT_SLIPPAGE: Rate = { num: 5n, den: 10_000n };

export interface BacktestRequest {
  strategy: QuantStrategyId;
  symbol: string;
  interval: KlineInterval;
  /** ms since the epoch. */
  from: number;
  to: number;
  params?: QuantParams;
  /** USDT units; default LAB_CAPITAL. */
  initialCapital?: bigint;
  /** Default 1. */
  leverage?: number;
}

/** The symbol's rules, or a BacktestInputError("unknown-symbol"). */
export function backtestRules(symbol: string): SpotRules {
  const rules = spotRules(symbol);
  if (rules === undefined)
    throw new BacktestInputError("unknown-symbol", `${symbol} is not listed`);
  return rules;
}

/** Params completed with defaults, or a BacktestInputError("bad-params") naming the problems. */
export function backtestParams(strategy: QuantStrategyId, given?: QuantParams): QuantParams {
  const resolved = resolveParams(strategy, given);
  if (!resolved.ok) {
    throw new BacktestInputError("bad-params", resolved.problems.map((p) => p.message).join("; "));
  }
  return resolved.params;
}

/**
 * A runnable input for `request`. Throws BacktestInputError for an unknown symbol, bad params,
 * or a period without candles ("no-candles": the record does not reach it).
 */
export async function prepareBacktest(
  db: Queryable,
  request: BacktestRequest,
): Promise<BacktestInput> {
  const rules = backtestRules(request.symbol);
  const params = backtestParams(request.strategy, request.params);
  const warmUp = STRATEGIES[request.strategy].warmUp(params);
  const loaded = await loadBacktestCandles(db, request, rules, warmUp);
  if (!loaded.candles.some((c) => c.time >= loaded.from)) {
    throw new BacktestInputError("no-candles", "no stored candles in the period");
  }
  return {
    strategy: request.strategy,
    params,
    rules,
    interval: request.interval,
    candles: loaded.candles,
    from: loaded.from,
    initialCapital: request.initialCapital ?? LAB_CAPITAL,
    leverage: request.leverage ?? 1,
    feeRate: TAKER_FEE,
    slippage: DEFAULT_SLIPPAGE,
  };
}
