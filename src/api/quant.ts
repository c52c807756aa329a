// AI quant plans and the lab (API.md /quant/*, protocol/endpoints/quant.ts). Subscribing and
// queuing a job carry an Idempotency-Key the caller (src/sync/quant-commands.ts) makes once per
// attempt, so a retry after a lost answer gets the stored answer instead of a second plan or job.
import type {
  QuantBacktest,
  QuantBacktestRequest,
  QuantJobStatus,
  QuantOptimisation,
  QuantOptimisationRequest,
  QuantPlan,
  QuantQuota,
  QuantStrategyInfo,
  QuantSubscription,
  QuantSubscriptionRequest,
  QuantTrade,
} from "../../protocol/quant";
import { call } from "./call";

type Quiet = { quiet?: boolean };

/** GET /quant/plans (public): the catalogue, each plan with its recorded 30-day backtest. */
export function getQuantPlans(opts: Quiet = {}): Promise<QuantPlan[]> {
  return call("GET /quant/plans", opts);
}

/** GET /quant/strategies (public): the strategies and their parameter ranges. */
export function getQuantStrategies(opts: Quiet = {}): Promise<QuantStrategyInfo[]> {
  return call("GET /quant/strategies", opts);
}

/** GET /quant/quota: the credit level's limit, what running plans hold and what is left. */
export function getQuantQuota(opts: Quiet = {}): Promise<QuantQuota> {
  return call("GET /quant/quota", opts);
}

/** POST /quant/subscriptions: freezes the amount and starts the plan. */
export function subscribeQuantPlan(
  body: QuantSubscriptionRequest,
  idempotencyKey: string,
  opts: Quiet = {},
): Promise<QuantSubscription> {
  return call("POST /quant/subscriptions", {
    ...opts,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** POST /quant/subscriptions/{id}/stop: closes at market and books what the plan earned. */
export function stopQuantPlan(id: string, opts: Quiet = {}): Promise<QuantSubscription> {
  return call("POST /quant/subscriptions/:id/stop", { ...opts, params: { id } });
}

/** GET /quant/subscriptions/{id}/trades: one page, newest first. */
export function getQuantTrades(
  id: string,
  query: { cursor?: string; limit?: number } = {},
  opts: Quiet = {},
): Promise<{ items: QuantTrade[]; nextCursor: string | null }> {
  return call("GET /quant/subscriptions/:id/trades", { ...opts, params: { id }, query });
}

/** POST /quant/backtests: queues a backtest over the stored candles. */
export function runQuantBacktest(
  body: QuantBacktestRequest,
  idempotencyKey: string,
  opts: Quiet = {},
): Promise<{ id: string; status: QuantJobStatus }> {
  return call("POST /quant/backtests", {
    ...opts,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** GET /quant/backtests/{id}: its status and, once done, its result and assumptions. */
export function getQuantBacktest(id: string, opts: Quiet = {}): Promise<QuantBacktest> {
  return call("GET /quant/backtests/:id", { ...opts, params: { id } });
}

/** POST /quant/optimisations: queues a parameter search with walk-forward validation. */
export function runQuantOptimisation(
  body: QuantOptimisationRequest,
  idempotencyKey: string,
  opts: Quiet = {},
): Promise<{ id: string; status: QuantJobStatus }> {
  return call("POST /quant/optimisations", {
    ...opts,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });
}

/** GET /quant/optimisations/{id}: its status and, once done, its out-of-sample result. */
export function getQuantOptimisation(id: string, opts: Quiet = {}): Promise<QuantOptimisation> {
  return call("GET /quant/optimisations/:id", { ...opts, params: { id } });
}
