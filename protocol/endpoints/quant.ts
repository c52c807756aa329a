// /quant: AI quant plans and the algorithm lab (API.md quant/*, bills 102/103/104/202; DESIGN §1
// and §6). A plan runs a named strategy on the live feed with the user's amount, against the
// house at the feed's prices; its result is what its trades earned. Every claim is a backtest with
// its assumptions; the "AI" is parameter search with walk-forward validation. Rules in
// protocol/quant.ts; the level table in protocol/credit-levels.ts.
import { Type } from "@sinclair/typebox";
import { KLINE_INTERVALS } from "../market";
import { API_BASE } from "../paths";
import {
  CreditLevel,
  DecimalString,
  IdempotencyHeaders,
  IdParams,
  listPage,
  listQuery,
  Nullable,
  oneOf,
  untypedFields,
} from "./common";
import { endpoint } from "./endpoint";
import { OptionTickAnswer } from "./options";

const QUANT = `${API_BASE}/quant`;

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

/** A plan's recorded backtest of its current parameters over the last 30 days (recomputed daily). */
export const QuantPlanBacktestAnswer = Type.Object({
  from: Type.String(),
  to: Type.String(),
  returnRate: DecimalString,
  maxDrawdown: DecimalString,
  trades: Type.Integer({ minimum: 0 }),
  /** The job that computed it: GET /quant/backtests/{id} has its equity curve and assumptions. */
  backtestId: Type.String(),
});

export const QuantPlanAnswer = Type.Object({
  id: Type.String(),
  level: CreditLevel,
  name: Type.String({ description: "English; the app words the plan from strategy and level" }),
  strategy: QuantStrategyId,
  params: QuantParams,
  minAmount: DecimalString,
  maxAmount: DecimalString,
  leverage: Type.Integer({ minimum: 1, maximum: 3 }),
  tradingArea: Type.Array(Type.String(), { description: "the symbols the plan trades" }),
  maxProfitRate: DecimalString,
  maxLossRate: DecimalString,
  durationHours: Type.Number({ description: "durationMinutes / 60 (a fraction for short plans)" }),
  durationMinutes: Type.Integer({ minimum: 1 }),
  backtest: Nullable(QuantPlanBacktestAnswer),
});

export const QuantQuotaAnswer = Type.Object({
  authorisedQuota: DecimalString,
  lockedLimit: DecimalString,
  availableQuota: DecimalString,
  weightedScore: Type.Integer({ minimum: 0, maximum: 1000 }),
  creditLevel: CreditLevel,
});

export const QUANT_SUBSCRIPTION_STATUSES = ["running", "delivered", "stopped"] as const;
/** Why a running plan ended: its time ran out, a limit was reached, or the user stopped it. */
export const QUANT_END_REASONS = ["delivery", "max-profit", "max-loss", "user"] as const;

/** What a running plan holds in one symbol now, so the app can mark it at the live price. */
export const QuantPositionAnswer = Type.Object({
  symbol: Type.String(),
  quantity: DecimalString,
  averagePrice: DecimalString,
});

export const QuantSubscriptionAnswer = Type.Object({
  id: Type.String(),
  planId: Type.String(),
  strategy: QuantStrategyId,
  amount: DecimalString,
  leverage: Type.Integer({ minimum: 1, maximum: 3 }),
  tradingArea: Type.Array(Type.String()),
  maxProfitRate: DecimalString,
  maxLossRate: DecimalString,
  status: oneOf(QUANT_SUBSCRIPTION_STATUSES),
  startedAt: Type.String(),
  deliveryAt: Type.String(),
  endedAt: Nullable(Type.String()),
  endReason: Nullable(oneOf(QUANT_END_REASONS)),
  pnl: Nullable(DecimalString),
  realisedPnl: DecimalString,
  fees: DecimalString,
  trades: Type.Integer({ minimum: 0 }),
  positions: Type.Array(QuantPositionAnswer),
  /** The recorded tick the plan last acted on; a restart resumes after it. */
  lastTickSeq: Nullable(Type.String()),
});

export const QuantSubscriptionBody = Type.Object({
  planId: Type.String(),
  amount: DecimalString,
});

export const QuantTradeAnswer = Type.Object({
  id: Type.String(),
  subscriptionId: Type.String(),
  symbol: Type.String(),
  side: oneOf(["buy", "sell"] as const),
  price: DecimalString,
  quantity: DecimalString,
  fee: DecimalString,
  tick: OptionTickAnswer,
  time: Type.String(),
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

export const quantEndpoints = {
  strategies: endpoint({
    method: "GET",
    path: `${QUANT}/strategies`,
    summary: "The strategies and their parameter ranges",
    access: "public",
    answer: Type.Array(QuantStrategyAnswer),
  }),
  plans: endpoint({
    method: "GET",
    path: `${QUANT}/plans`,
    summary: "The plans by level, each with its recorded 30-day backtest",
    access: "public",
    answer: Type.Array(QuantPlanAnswer),
  }),
  quota: endpoint({
    method: "GET",
    path: `${QUANT}/quota`,
    summary: "The user's plan quota by credit level, what running plans hold and what is left",
    access: "user",
    answer: QuantQuotaAnswer,
  }),
  subscribe: endpoint({
    method: "POST",
    path: `${QUANT}/subscriptions`,
    summary: "Start a plan with an amount (frozen, 103) until delivery or a stop",
    access: "user",
    headers: IdempotencyHeaders,
    body: QuantSubscriptionBody,
    bodyAsValidated: untypedFields(["planId", "amount"]),
    answer: QuantSubscriptionAnswer,
  }),
  subscriptions: endpoint({
    method: "GET",
    path: `${QUANT}/subscriptions`,
    summary: "The user's plans, newest first",
    access: "user",
    query: listQuery({ status: Type.Optional(oneOf(QUANT_SUBSCRIPTION_STATUSES)) }),
    answer: listPage(QuantSubscriptionAnswer),
  }),
  stop: endpoint({
    method: "POST",
    path: `${QUANT}/subscriptions/:id/stop`,
    summary: "Stop a running plan: close at market, unfreeze and book what it earned",
    access: "user",
    params: IdParams,
    answer: QuantSubscriptionAnswer,
  }),
  trades: endpoint({
    method: "GET",
    path: `${QUANT}/subscriptions/:id/trades`,
    summary: "A plan's trades, each with the recorded tick it used, newest first",
    access: "user",
    params: IdParams,
    query: listQuery(),
    answer: listPage(QuantTradeAnswer),
  }),
  runBacktest: endpoint({
    method: "POST",
    path: `${QUANT}/backtests`,
    summary: "Queue a backtest over the stored candles",
    access: "user",
    headers: IdempotencyHeaders,
    body: QuantBacktestBody,
    bodyAsValidated: untypedFields(["strategy", "symbol", "interval", "from", "to", "params"]),
    answer: JobCreatedAnswer,
  }),
  backtest: endpoint({
    method: "GET",
    path: `${QUANT}/backtests/:id`,
    summary: "A backtest: its status and, once done, its result with the assumptions",
    access: "user",
    params: IdParams,
    answer: QuantBacktestAnswer,
  }),
  backtests: endpoint({
    method: "GET",
    path: `${QUANT}/backtests`,
    summary: "The user's backtests, newest first",
    access: "user",
    query: listQuery(),
    answer: listPage(QuantBacktestAnswer),
  }),
  runOptimisation: endpoint({
    method: "POST",
    path: `${QUANT}/optimisations`,
    summary: "Queue a parameter search with walk-forward validation",
    access: "user",
    headers: IdempotencyHeaders,
    body: QuantOptimisationBody,
    bodyAsValidated: untypedFields(["strategy", "symbol", "interval", "from", "to", "windows"]),
    answer: JobCreatedAnswer,
  }),
  optimisation: endpoint({
    method: "GET",
    path: `${QUANT}/optimisations/:id`,
    summary: "An optimisation: its status and, once done, its out-of-sample result",
    access: "user",
    params: IdParams,
    answer: QuantOptimisationAnswer,
  }),
  optimisations: endpoint({
    method: "GET",
    path: `${QUANT}/optimisations`,
    summary: "The user's optimisations, newest first",
    access: "user",
    query: listQuery(),
    answer: listPage(QuantOptimisationAnswer),
  }),
};
