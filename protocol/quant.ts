// AI quant plans on the wire and their accounting rules (API.md quant/*, DESIGN §1 and §6, bills
// 102/103/104/202). The server's plan runner, the app's subscribe sheet and running-plan cards
// and any verifier use these same functions on the same bigint units:
//
//   subscribe     amount frozen (103); refused unless plan level ≤ credit level, minAmount ≤
//                 amount ≤ maxAmount, amount ≤ availableQuota (= authorised − locked, never < 0)
//   trading       buying power = amount × leverage, at the spot engine's fill rules, long only
//   equity        cash + every position marked at the price it would sell at now
//   pnl           equity − amount
//   limits        pnl ≥  amount × maxProfitRate  → stop "max-profit"
//                 pnl ≤ −amount × maxLossRate    → stop "max-loss"     (checked on each tick)
//   end           positions sold at market, amount unfrozen (104), then pnl > 0 is paid (102
//                 add, from the plan pool) and pnl < 0 is charged (202 deduct), never more than
//                 the amount: a plan can never cost more than what the user put in (the house
//                 absorbs a gap beyond that, as with a contract liquidation)
//
// Rates are decimal strings on the wire ("0.1" = 10 %) and exact fractions here; amounts are
// USDT units (scale 6). A loss rounds up and a gain rounds down (DESIGN §5).
import type { Static } from "@sinclair/typebox";
import type { ErrorCode } from "./envelope";
import type {
  QUANT_END_REASONS,
  QuantAssumptionsAnswer,
  QuantBacktestAnswer,
  QuantBacktestBody,
  QuantBacktestResultAnswer,
  QuantOptimisationAnswer,
  QuantOptimisationBody,
  QuantOptimisationResultAnswer,
  QuantParams as QuantParamsSchema,
  QuantPlanAnswer,
  QuantPositionAnswer,
  QuantQuotaAnswer,
  QuantStrategyAnswer,
  QuantSubscriptionAnswer,
  QuantSubscriptionBody,
  QuantTradeAnswer,
  QuantWindowAnswer,
  QUANT_STRATEGIES,
} from "./endpoints/quant";
import type { Refusal } from "./refusals";
import { rateOf, type Rate } from "./spot-rules";

export type QuantStrategyId = (typeof QUANT_STRATEGIES)[number];
export type QuantEndReason = (typeof QUANT_END_REASONS)[number];
export type QuantJobStatus = "queued" | "running" | "done" | "failed";

/** A strategy's parameters by name (periods, multipliers, counts): never money. */
export type QuantParams = Readonly<Static<typeof QuantParamsSchema>>;

/** GET /quant/strategies item. */
export type QuantStrategyInfo = Static<typeof QuantStrategyAnswer>;
/** GET /quant/plans item. */
export type QuantPlan = Static<typeof QuantPlanAnswer>;
/** GET /quant/quota */
export type QuantQuota = Static<typeof QuantQuotaAnswer>;
/** A subscription as the API and the change log's "quant-subscription" entity carry it. */
export type QuantSubscription = Static<typeof QuantSubscriptionAnswer>;
export type QuantPosition = Static<typeof QuantPositionAnswer>;
export type QuantSubscriptionRequest = Static<typeof QuantSubscriptionBody>;
/** GET /quant/subscriptions/{id}/trades item. */
export type QuantTrade = Static<typeof QuantTradeAnswer>;
/** POST /quant/backtests body. */
export type QuantBacktestRequest = Static<typeof QuantBacktestBody>;
/** A backtest as the API and the change log's "quant-backtest" entity carry it. */
export type QuantBacktest = Static<typeof QuantBacktestAnswer>;
export type QuantBacktestResult = Static<typeof QuantBacktestResultAnswer>;
export type QuantAssumptions = Static<typeof QuantAssumptionsAnswer>;
/** POST /quant/optimisations body. */
export type QuantOptimisationRequest = Static<typeof QuantOptimisationBody>;
/** An optimisation as the API and the change log's "quant-optimisation" entity carry it. */
export type QuantOptimisation = Static<typeof QuantOptimisationAnswer>;
export type QuantOptimisationResult = Static<typeof QuantOptimisationResultAnswer>;
export type QuantWindow = Static<typeof QuantWindowAnswer>;

/** The most leverage a plan may use. */
export const QUANT_MAX_LEVERAGE = 3;

/** A plan's terms as exact numbers: what subscribing and the limits need. */
export interface PlanTerms {
  level: number;
  /** USDT units. */
  minAmount: bigint;
  maxAmount: bigint;
  leverage: number;
  maxProfitRate: Rate;
  maxLossRate: Rate;
}

/** Parses the published terms of a plan (decimal strings) into exact numbers. */
export function planTermsOf(
  plan: Pick<
    QuantPlan,
    "level" | "minAmount" | "maxAmount" | "leverage" | "maxProfitRate" | "maxLossRate"
  >,
  parseUsdt: (value: string) => bigint,
): PlanTerms {
  return {
    level: plan.level,
    minAmount: parseUsdt(plan.minAmount),
    maxAmount: parseUsdt(plan.maxAmount),
    leverage: plan.leverage,
    maxProfitRate: rateOf(plan.maxProfitRate),
    maxLossRate: rateOf(plan.maxLossRate),
  };
}

/** What the quota leaves: authorised − locked, never below 0. */
export function availableQuota(authorised: bigint, locked: bigint): bigint {
  return authorised > locked ? authorised - locked : 0n;
}

type SubscriptionRefusal = Refusal<
  Extract<ErrorCode, "PLAN_LEVEL_TOO_LOW" | "PLAN_AMOUNT_OUT_OF_RANGE" | "PLAN_QUOTA_EXCEEDED">
>;

/**
 * Why a subscription of `amount` to a plan is refused, or null when the plan takes it. The
 * balance is the ledger's to check (INSUFFICIENT_BALANCE) when it freezes the amount.
 * `format` writes USDT units as the wire's decimal strings.
 */
export function subscriptionRefusal(
  terms: PlanTerms,
  amount: bigint,
  account: { creditLevel: number; availableQuota: bigint },
  format: (units: bigint) => string,
): SubscriptionRefusal | null {
  if (terms.level > account.creditLevel) {
    return {
      code: "PLAN_LEVEL_TOO_LOW",
      params: { required: terms.level, level: account.creditLevel },
    };
  }
  if (amount < terms.minAmount || amount > terms.maxAmount) {
    return {
      code: "PLAN_AMOUNT_OUT_OF_RANGE",
      params: { minimum: format(terms.minAmount), maximum: format(terms.maxAmount) },
    };
  }
  if (amount > account.availableQuota) {
    return {
      code: "PLAN_QUOTA_EXCEEDED",
      params: { available: format(account.availableQuota), needed: format(amount) },
    };
  }
  return null;
}

/** USDT units the plan may spend on buys: amount × leverage. */
export function buyingPower(amount: bigint, leverage: number): bigint {
  return amount * BigInt(leverage);
}

/** amount × rate, rounded down (a threshold the plan must reach in full). */
function share(amount: bigint, rate: Rate): bigint {
  return (amount * rate.num) / rate.den;
}

/** Which limit a marked pnl has reached, or null while the plan runs on. */
export function planLimitReached(
  pnl: bigint,
  amount: bigint,
  terms: Pick<PlanTerms, "maxProfitRate" | "maxLossRate">,
): "max-profit" | "max-loss" | null {
  if (pnl >= share(amount, terms.maxProfitRate) && terms.maxProfitRate.num > 0n) {
    return "max-profit";
  }
  if (-pnl >= share(amount, terms.maxLossRate) && terms.maxLossRate.num > 0n) {
    return "max-loss";
  }
  return null;
}

/** How an ended plan is booked after its amount is unfrozen (104). */
export interface PlanSettlement {
  /** 102: paid to the user from the plan pool; 0 when none. */
  profit: bigint;
  /** 202: charged to the user into the plan pool; 0 when none; never above the amount. */
  loss: bigint;
  /** What the user's result is: profit − loss (a loss beyond the amount is the house's). */
  pnl: bigint;
}

/** The booking of a plan that ends with `pnl` (equity − amount after closing). */
export function planSettlement(amount: bigint, pnl: bigint): PlanSettlement {
  if (pnl >= 0n) return { profit: pnl, loss: 0n, pnl };
  const loss = -pnl > amount ? amount : -pnl;
  return { profit: 0n, loss, pnl: -loss };
}
