// /admin/recharge: the recharge review queue, approve (bill 101, reviewer recorded) and reject.
import type { RechargeStatus } from "../../../protocol/wallet";
import {
  approveRecharge,
  listRechargesForReview,
  rejectRecharge,
} from "../../domain/wallet/recharge-review";
import { rechargeQueue } from "../../../protocol/endpoints/admin";
import { reviewQueueRoutes } from "./review-queue-routes";

export const rechargeReviewRoutes = reviewQueueRoutes({
  endpoints: rechargeQueue,
  // The contract admits only the queue's statuses.
  list: (app, q) =>
    listRechargesForReview(app.db, { ...q, status: q.status as RechargeStatus | null }),
  approve: (app, actor, id) => approveRecharge(app.db, app.chain.endpoint, actor, id),
  reject: (app, actor, id, reason) => rejectRecharge(app.db, actor, id, reason),
});
