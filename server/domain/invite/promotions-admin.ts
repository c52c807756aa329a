// The console's promotions budget (GET /admin/promotions, POST /admin/promotions/fund): the same
// funding as `npm run admin -- promotions fund` (promotions-fund.ts), wrapped in the money POSTs'
// Idempotency-Key so a retried request funds once. The key is the operator's own (scope per
// operator), and a refused amount is refused before the key is claimed: nothing is stored.
import type { Static } from "@sinclair/typebox";
import { USDT_SCALE } from "../../../protocol/assets";
import { formatUnits } from "../../../protocol/decimal";
import type {
  PromotionsBudgetAnswer,
  PromotionsFundedAnswer,
} from "../../../protocol/endpoints/admin-promotions";
import type { Db } from "../../db/db";
import { rewardTotals } from "../../db/repositories/promotions-admin-repository";
import { withIdempotency } from "../idempotency/with-idempotency";
import type { OperatorActor } from "../operators/operator-actor";
import { parseFundAmount, postPromotionsFund, promotionsBudget } from "./promotions-fund";
import { REWARD_ASSET } from "./reward-payer";

export type PromotionsBudgetView = Static<typeof PromotionsBudgetAnswer>;
export type PromotionsFundView = Static<typeof PromotionsFundedAnswer>;

const FUND_ROUTE = "POST /admin/promotions/fund";

export async function readPromotionsBudget(db: Db): Promise<PromotionsBudgetView> {
  const totals = await rewardTotals(db, REWARD_ASSET);
  return {
    asset: REWARD_ASSET,
    balance: formatUnits(await promotionsBudget(db), USDT_SCALE),
    paidCount: totals.paidCount,
    paidAmount: formatUnits(totals.paidAmount, USDT_SCALE),
    waitingCount: totals.waitingCount,
    waitingAmount: formatUnits(totals.waitingAmount, USDT_SCALE),
  };
}

export async function fundPromotionsOnce(
  db: Db,
  actor: OperatorActor,
  amountText: unknown,
  idempotencyKey: string,
): Promise<PromotionsFundView> {
  const amount = parseFundAmount(amountText);
  const answer = await withIdempotency(
    db,
    {
      scope: `op:${actor.id ?? actor.label}`,
      route: FUND_ROUTE,
      key: idempotencyKey,
      // Normalised: "10" and "10.0" are the same request.
      body: { amount: formatUnits(amount, USDT_SCALE) },
    },
    async (tx) => ({ statusCode: 200, data: await postPromotionsFund(tx, actor, amount) }),
  );
  return answer.data;
}
