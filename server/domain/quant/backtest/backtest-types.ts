// What a backtest takes and gives, in exact units: prices in USDT units (scale 6) per whole coin,
// quantities in base units (the coin's ledger scale), money in USDT units. Rates are fractions.
// Signals (targets, Sharpe) are numbers; nothing that is money ever is.
import type { KlineInterval } from "../../../../protocol/market";
import type { QuantParams, QuantStrategyId } from "../../../../protocol/quant";
import type { Rate, Side, SpotRules } from "../../../../protocol/spot-rules";
import type { StrategyCandle } from "../strategies/index";
import type { EquityCurve } from "./equity-curve";

/** A closed candle in units (make one with backtest-candle.ts `backtestCandle`). */
export interface BacktestCandle {
  /** Open time, ms since the epoch. */
  time: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  /** Base units traded. */
  volume: bigint;
  /**
   * `close` as a number, for marking equity in exact integer arithmetic on numbers (mark.ts):
   * exact, as every price is below 2^53 units (9 billion USDT); NaN if one ever is not.
   */
  closeUnits: number;
  /**
   * The same candle as the strategy reads it (prices as numbers: signals). Made once with the
   * candle, not on every run: the optimiser runs hundreds of backtests over the same candles.
   */
  signal: StrategyCandle;
}

export interface BacktestInput {
  strategy: QuantStrategyId;
  /** The full parameter set (resolveParams in ../strategies fills defaults; checked again here). */
  params: QuantParams;
  /** The symbol's spot rules (spotRules(symbol) in domain/spot/spot-config.ts). */
  rules: SpotRules;
  interval: KlineInterval;
  /** Oldest first, one per interval. Candles opened before `from` only warm the strategy up. */
  candles: readonly BacktestCandle[];
  /** Open time (ms) of the first candle of the tested period; default: the first candle. */
  from?: number;
  /** USDT units. */
  initialCapital: bigint;
  /** Buying power = initialCapital × leverage (protocol/quant.ts buyingPower); long only. */
  leverage: number;
  /** The spot taker fee (domain/spot/spot-config.ts TAKER_FEE). */
  feeRate: Rate;
  /** How far a fill is moved against the trade from the price it fills at (an assumption). */
  slippage: Rate;
}

export interface BacktestFill {
  /** When it filled, ms: the open of the candle after the signal (or the last close at the end). */
  time: number;
  side: Side;
  /** USDT units per whole coin, on the symbol's price step. */
  price: bigint;
  /** Base units, on the symbol's quantity step. */
  quantity: bigint;
  /** USDT units: what the buy cost before the fee (rounded up) or the sale paid (rounded down). */
  notional: bigint;
  /** USDT units, rounded up. */
  fee: bigint;
}

/** One point of the equity curve (equity-curve.ts holds them all). */
export interface EquityPoint {
  /** ms: the period's first open, then each candle's close time. */
  time: number;
  /** USDT units: cash plus the position marked at the close (rounded down). */
  value: bigint;
}

export interface BacktestMetrics {
  /** (final − initial) / initial. */
  returnRate: Rate;
  /** The largest fall from a peak of the equity curve, as a fraction of that peak (≥ 0). */
  maxDrawdown: Rate;
  /** Annualised Sharpe ratio of per-candle returns (metrics.ts says how); 0 when undefined. */
  sharpe: number;
  /** Round trips (flat → in → flat) that made money / round trips closed; 0/0 is 0. */
  winRate: Rate;
  /** Candles that closed holding a position / candles in the period. */
  exposure: Rate;
  /** Fills. */
  trades: number;
  /** Round trips closed. */
  roundTrips: number;
}

export interface BacktestResult {
  strategy: QuantStrategyId;
  params: QuantParams;
  symbol: string;
  interval: KlineInterval;
  initialCapital: bigint;
  leverage: number;
  feeRate: Rate;
  slippage: Rate;
  /** Open time of the first candle in the period and close time of the last, ms. */
  from: number;
  to: number;
  /** Candles in the period (warm-up excluded). */
  candles: number;
  finalEquity: bigint;
  /** One point at the period's first open, then one per candle close; exact (equity-curve.ts). */
  equity: EquityCurve;
  fills: BacktestFill[];
  metrics: BacktestMetrics;
}
