// POST /quant/subscriptions { planId, amount } (API.md, Idempotency-Key required). In order, each
// refusal changing nothing: 400 VALIDATION naming the field; 404 NOT_FOUND for a plan not offered
// here; 422 PLAN_LEVEL_TOO_LOW / PLAN_AMOUNT_OUT_OF_RANGE / PLAN_QUOTA_EXCEEDED
// (protocol/quant.ts subscriptionRefusal); 422 INSUFFICIENT_BALANCE from the ledger's freeze.
// Accepted: the amount frozen (103), the row `running` with the plan's terms copied, its start
// cursors at each symbol's newest recorded tick, its change-log entry and the stored answer —
// one transaction. The runner (plan-runner.ts) takes it from there.
import { USDT_SCALE } from "../../../../protocol/assets";
import { formatUnits } from "../../../../protocol/decimal";
import {
  planTermsOf,
  subscriptionRefusal,
  type QuantSubscription,
  type QuantSubscriptionRequest,
} from "../../../../protocol/quant";
import { parseUnits } from "../../../../protocol/decimal";
import type { Db } from "../../../db/db";
import { lockChangeHead } from "../../../db/repositories/change-log-repository";
import { findQuantPlan } from "../../../db/repositories/quant-plan-repository";
import {
  insertQuantSubscription,
  nextQuantSubscriptionId,
  type SymbolCursor,
} from "../../../db/repositories/quant-subscription-repository";
import { readLastTicks } from "../../../db/repositories/tick-repository";
import { DomainError, invalid, refusal } from "../../errors";
import { userScope, withIdempotency } from "../../idempotency/with-idempotency";
import { parseAmount } from "../../ledger/amounts";
import { startChangeLog } from "../../sync/baseline";
import { postSubscribe } from "./plan-postings";
import { quotaUnits } from "./quota";
import { recordQuantSubscription } from "./subscription-view";

export const SUBSCRIBE_ROUTE = "POST /quant/subscriptions";
const MINUTE_MS = 60_000;

export interface SubscribeCommand {
  userId: string;
  body: Partial<Record<keyof QuantSubscriptionRequest, unknown>>;
  idempotencyKey: string;
  /** Demo-only plans are offered in demo mode only. */
  demo: boolean;
  now?: () => number;
}

const usdt = (units: bigint) => formatUnits(units, USDT_SCALE);

function parseInput(body: SubscribeCommand["body"]): { planId: string; amount: bigint } {
  const { planId } = body;
  if (planId === undefined || planId === null || planId === "") {
    throw invalid("planId", "required", 'Invalid body: "planId" is required');
  }
  if (typeof planId !== "string" || planId.length > 64) {
    throw invalid("planId", "format", 'Invalid body: "planId" must be a plan id');
  }
  if (body.amount === undefined || body.amount === null || body.amount === "") {
    throw invalid("amount", "required", "Please enter the amount");
  }
  const amount = parseAmount(body.amount, USDT_SCALE, "amount");
  if (amount === 0n) {
    throw invalid("amount", "positive", 'Invalid body: "amount" must be greater than 0');
  }
  return { planId, amount };
}

export async function subscribe(db: Db, command: SubscribeCommand): Promise<QuantSubscription> {
  const input = parseInput(command.body);
  const { userId } = command;
  const now = command.now ?? Date.now;
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(userId),
      route: SUBSCRIBE_ROUTE,
      key: command.idempotencyKey,
      body: { planId: input.planId, amount: usdt(input.amount) },
    },
    async (tx) => {
      const plan = await findQuantPlan(tx, input.planId, command.demo);
      if (plan === null) throw refusal("NOT_FOUND", `No plan ${input.planId}`);
      // The user's change-log head is the first lock every posting of theirs takes: holding it,
      // no other subscription of this user commits between the quota check and the freeze.
      await startChangeLog(tx, userId);
      await lockChangeHead(tx, userId);
      const quota = await quotaUnits(tx, userId);
      const terms = planTermsOf(
        {
          level: plan.level,
          minAmount: usdt(plan.minAmount),
          maxAmount: usdt(plan.maxAmount),
          leverage: plan.leverage,
          maxProfitRate: plan.maxProfitRate,
          maxLossRate: plan.maxLossRate,
        },
        (value) => parseUnits(value, USDT_SCALE),
      );
      const refused = subscriptionRefusal(
        terms,
        input.amount,
        { creditLevel: quota.creditLevel, availableQuota: quota.available },
        usdt,
      );
      if (refused !== null) {
        throw new DomainError(refused.code, refused.params, refusedMessage(refused));
      }
      const id = await nextQuantSubscriptionId(tx);
      // Throws InsufficientBalanceError (422) before writing anything.
      const posted = await postSubscribe(tx, { id, userId, amount: input.amount });
      const startedMs = now();
      const heads = new Map((await readLastTicks(tx, plan.tradingArea)).map((t) => [t.symbol, t]));
      const cursors: Record<string, SymbolCursor> = {};
      for (const symbol of plan.tradingArea) {
        const head = heads.get(symbol);
        cursors[symbol] = {
          // Ticks after the newest recorded one are the plan's.
          seq: head?.seq ?? "0",
          price: null,
          tsMs: null,
          nextCandleMs: Math.floor(startedMs / MINUTE_MS) * MINUTE_MS,
        };
      }
      await insertQuantSubscription(tx, id, {
        userId,
        planId: plan.id,
        strategy: plan.strategy,
        params: { ...plan.params },
        leverage: plan.leverage,
        tradingArea: plan.tradingArea,
        maxProfitRate: plan.maxProfitRate,
        maxLossRate: plan.maxLossRate,
        durationMinutes: plan.durationMinutes,
        amount: input.amount,
        reservationId: posted.reservationId,
        freezeTransactionId: posted.transactionId,
        startedMs,
        cursors,
      });
      await tx.notify(PLAN_CHANNEL, [id]);
      return { statusCode: 200, data: await recordQuantSubscription(tx, id) };
    },
  );
  return answer.data;
}

/** The runner hears new subscriptions here (a hint: its timer finds them anyway). */
export const PLAN_CHANNEL = "quant_subscription";

function refusedMessage(refused: NonNullable<ReturnType<typeof subscriptionRefusal>>): string {
  const p = refused.params;
  if ("required" in p)
    return `This plan needs credit level ${p.required}; your level is ${p.level}`;
  if ("minimum" in p) return `This plan takes from ${p.minimum} to ${p.maximum} USDT`;
  return `Your available plan quota is ${p.available} USDT; this plan needs ${p.needed}`;
}
