// The rows of the quant tables (database v10): the user's plans (subscriptions), backtests and
// optimisations as the change log (and the commands' answers) deliver them, the quota and a
// plan's trades as their GETs answer, and the public plan catalogue, strategies and the plans'
// recorded backtests as the public pull stores them.
import type {
  QuantBacktest,
  QuantOptimisation,
  QuantPlan,
  QuantQuota,
  QuantStrategyInfo,
  QuantSubscription,
  QuantTrade,
} from "../../protocol/quant";

/** A plan the signed-in user started (entity "quant-subscription", or the command's answer). */
export interface QuantSubscriptionRow extends QuantSubscription {
  userId: string;
}

/** A backtest of the signed-in user (entity "quant-backtest"). */
export interface QuantBacktestRow extends QuantBacktest {
  userId: string;
}

/** An optimisation of the signed-in user (entity "quant-optimisation"). */
export interface QuantOptimisationRow extends QuantOptimisation {
  userId: string;
}

/** GET /quant/plans and GET /quant/strategies as last pulled: one row (key "current"). */
export interface QuantCatalogueRow {
  key: "current";
  plans: QuantPlan[];
  strategies: QuantStrategyInfo[];
  /** When it was read (ISO-8601). */
  readAt: string;
}

/** GET /quant/quota as last pulled for the signed-in user. */
export interface QuantQuotaRow extends QuantQuota {
  userId: string;
  /** When it was read (ISO-8601). */
  readAt: string;
}

/** One trade of a plan (GET /quant/subscriptions/{id}/trades), with the tick it used. */
export interface QuantTradeRow extends QuantTrade {
  userId: string;
}

/** A plan's recorded backtest (GET /quant/backtests/{plan.backtest.backtestId}); public. */
export type QuantPlanBacktestRow = QuantBacktest;
