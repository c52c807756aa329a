// The algorithm lab's schemas (API.md quant/backtests, quant/optimisations, quant/strategies):
// the strategies and their parameters, a job's request, its result with the assumptions it rests
// on, and the walk-forward windows. The endpoints themselves are in quant.ts.
import { Type } from "@sinclair/typebox";
import { KLINE_INTERVALS } from "../market";
import { DecimalString, Nullable, oneOf } from "./common";

/** The strategies (server/domain/quant/strategies); each documents what it does and when it loses. */
export const QUANT_STRATEGIES = ["trend-following", "mean-reversion", "grid"] as const;
export const QuantStrategyId = oneOf(QUANT_STRATEGIES);

/** A strategy's parameters by name: plain numbers (periods, multipliers, counts), never money. */
export const QuantParams = Type.Record(
  Type.String({ pattern: "^[a-zA-Z][a-zA-Z0-9]{0,31}$" }),
  Type.Number(),
);

/** GET /quant/strategies item: what the lab may ask for. */
export const QuantStrategyAnswer = Type.Object({
  id: QuantStrategyId,
  params: Type.Array(
    Type.Object({
      name: Type.String(),
      min: Type.Number(),
      max: Type.Number(),
      step: Type.Number({ description: "the grid the optimiser searches; integers when 1" }),
      default: Type.Number(),
    }),
  ),
});

export const QUANT_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;

export const QuantBacktestBody = Type.Object({
  strategy: QuantStrategyId,
  symbol: Type.String(),
  interval: oneOf(KLINE_INTERVALS),
  from: Type.String({ description: "ISO-8601" }),
  to: Type.String({ description: "ISO-8601" }),
  params: Type.Optional(QuantParams),
});

/** Everything a result depends on besides the candles, printed with every result. */
export const QuantAssumptionsAnswer = Type.Object({
  initialCapital: DecimalString,
  feeRate: DecimalString,
  slippage: Type.String({ description: "how fills are priced beyond the candle, in words" }),
  fillAt: Type.String({ description: "which price a signal fills at, in words" }),
  // The figures the two texts above word (English, for API readers); the app words them itself
  // in the user's language. Optional: a result stored before they existed has only the texts.
  slippageRate: Type.Optional(
    Type.String({ description: "fraction every fill is worse than its price, e.g. 0.0005" }),
  ),
  rebalanceBand: Type.Optional(
    Type.String({
      description: "fraction of buying power the target must move before the position does",
    }),
  ),
  interval: oneOf(KLINE_INTERVALS),
  candles: Type.Integer({ minimum: 0 }),
  from: Type.String(),
  to: Type.String(),
  leverage: Type.Integer({ minimum: 1 }),
  params: QuantParams,
});

export const QuantBacktestResultAnswer = Type.Object({
  returnRate: DecimalString,
  maxDrawdown: DecimalString,
  sharpe: DecimalString,
  winRate: DecimalString,
  exposure: DecimalString,
  trades: Type.Integer({ minimum: 0 }),
  equity: Type.Array(Type.Tuple([Type.String(), DecimalString]), {
    description: "[time, equity in USDT]",
  }),
  fills: Type.Array(
    Type.Object({
      time: Type.String(),
      side: oneOf(["buy", "sell"] as const),
      price: DecimalString,
      quantity: DecimalString,
      fee: DecimalString,
    }),
  ),
  assumptions: QuantAssumptionsAnswer,
});

const jobFields = {
  id: Type.String(),
  status: oneOf(QUANT_JOB_STATUSES),
  strategy: QuantStrategyId,
  symbol: Type.String(),
  interval: oneOf(KLINE_INTERVALS),
  from: Type.String(),
  to: Type.String(),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  /** Why a job failed, as a code the app words (e.g. "no-candles"). */
  failure: Nullable(Type.String()),
};

export const QuantBacktestAnswer = Type.Object({
  ...jobFields,
  params: QuantParams,
  result: Nullable(QuantBacktestResultAnswer),
});

export const QuantOptimisationBody = Type.Object({
  strategy: QuantStrategyId,
  symbol: Type.String(),
  interval: oneOf(KLINE_INTERVALS),
  from: Type.String(),
  to: Type.String(),
  /** How many walk-forward windows to cut the period into (fit on one, test on the next). */
  windows: Type.Optional(Type.Integer({ minimum: 2, maximum: 12 })),
});

export const QuantWindowAnswer = Type.Object({
  fitFrom: Type.String(),
  fitTo: Type.String(),
  testFrom: Type.String(),
  testTo: Type.String(),
  params: QuantParams,
  /** Out of sample: the test window only. */
  returnRate: DecimalString,
  maxDrawdown: DecimalString,
  trades: Type.Integer({ minimum: 0 }),
  /** In sample, for the overfitting warning: how much better the fit looked than the test. */
  fitReturnRate: DecimalString,
});

export const QuantOptimisationResultAnswer = Type.Object({
  windows: Type.Array(QuantWindowAnswer),
  /** The test windows chained: the only figures the result reports as performance. */
  outOfSample: Type.Object({
    returnRate: DecimalString,
    maxDrawdown: DecimalString,
    sharpe: DecimalString,
    trades: Type.Integer({ minimum: 0 }),
    equity: Type.Array(Type.Tuple([Type.String(), DecimalString])),
  }),
  /** The parameters fitted on the latest window (what a plan would run next). */
  params: QuantParams,
  /** Set when in-sample results beat out-of-sample ones by far: likely overfitted. */
  overfitWarning: Type.Boolean(),
  assumptions: QuantAssumptionsAnswer,
});

export const QuantOptimisationAnswer = Type.Object({
  ...jobFields,
  windows: Type.Integer({ minimum: 2 }),
  result: Nullable(QuantOptimisationResultAnswer),
});

export const JobCreatedAnswer = Type.Object({
  id: Type.String(),
  status: oneOf(QUANT_JOB_STATUSES),
});
