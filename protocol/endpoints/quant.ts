// /quant: AI quant plans and the algorithm lab (API.md quant/*, bills 102/103/104/202; DESIGN §1
// and §6). A plan runs a named strategy on the live feed with the user's amount, against the
// house at the feed's prices; its result is what its trades earned. Every claim is a backtest with
// its assumptions; the "AI" is parameter search with walk-forward validation. Rules in
// protocol/quant.ts; the level table in protocol/credit-levels.ts.
import { Type } from "@sinclair/typebox";
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
import {
  JobCreatedAnswer,
  QuantBacktestAnswer,
  QuantBacktestBody,
  QuantOptimisationAnswer,
  QuantOptimisationBody,
  QuantParams,
  QuantStrategyAnswer,
  QuantStrategyId,
} from "./quant-lab-schemas";
import { OptionTickAnswer } from "./options";

export * from "./quant-lab-schemas";

const QUANT = `${API_BASE}/quant`;

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
/** "strategy-error": the strategy's code failed on this plan; it was sold at the recorded ticks. */
export const QUANT_END_REASONS = [
  "delivery",
  "max-profit",
  "max-loss",
  "user",
  "strategy-error",
] as const;

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
