// GET /quant/plans: the catalogue offered in this mode (migration 019) with each plan's recorded
// 30-day backtest (plan-schedule.ts). A plan shows a backtest only when one has run and it ran
// the plan's current strategy and parameters: until then `backtest` is null — never an invented
// figure, and never the figures of parameters the plan no longer runs.
import { USDT_SCALE } from "../../../../protocol/assets";
import { formatUnits } from "../../../../protocol/decimal";
import type { QuantBacktestResult, QuantPlan } from "../../../../protocol/quant";
import type { Queryable } from "../../../db/db";
import {
  recordedPlanBacktests,
  type QuantJobRow,
} from "../../../db/repositories/quant-job-repository";
import { listQuantPlans, type QuantPlanRow } from "../../../db/repositories/quant-plan-repository";
import { resolveParams } from "../strategies";
import type { StoredBacktestInput } from "./job-view";
import { sameRun } from "./plan-schedule";

export async function listPlans(db: Queryable, demo: boolean): Promise<QuantPlan[]> {
  const [plans, backtests] = await Promise.all([
    listQuantPlans(db, demo),
    recordedPlanBacktests(db),
  ]);
  return plans.map((plan) => toPlan(plan, backtests.get(plan.id) ?? null));
}

function toPlan(plan: QuantPlanRow, job: QuantJobRow | null): QuantPlan {
  const usdt = (units: bigint) => formatUnits(units, USDT_SCALE);
  return {
    id: plan.id,
    level: plan.level,
    name: plan.name,
    strategy: plan.strategy,
    params: plan.params,
    minAmount: usdt(plan.minAmount),
    maxAmount: usdt(plan.maxAmount),
    leverage: plan.leverage,
    tradingArea: plan.tradingArea,
    maxProfitRate: plan.maxProfitRate,
    maxLossRate: plan.maxLossRate,
    durationHours: plan.durationMinutes / 60,
    durationMinutes: plan.durationMinutes,
    backtest: backtestOf(plan, job),
  };
}

function backtestOf(plan: QuantPlanRow, job: QuantJobRow | null): QuantPlan["backtest"] {
  if (job === null || job.status !== "done") return null;
  const input = job.input as StoredBacktestInput;
  const current = resolveParams(plan.strategy, plan.params);
  if (!current.ok || plan.tradingArea[0] !== input.symbol) return null;
  const planRun = {
    ...input,
    strategy: plan.strategy,
    params: current.params,
    leverage: plan.leverage,
  };
  if (!sameRun(input, planRun)) return null;
  const result = job.result as QuantBacktestResult;
  return {
    from: input.from,
    to: input.to,
    returnRate: result.returnRate,
    maxDrawdown: result.maxDrawdown,
    trades: result.trades,
    backtestId: job.id,
  };
}
