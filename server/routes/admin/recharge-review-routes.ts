// /admin/recharge: the recharge review queue, approve (bill 101, reviewer recorded) and reject.
import { WALLET_REASON_MAX_LENGTH, type RechargeStatus } from "../../../protocol/wallet";
import {
  approveRecharge,
  listRechargesForReview,
  rejectRecharge,
} from "../../domain/wallet/recharge-review";
import { reviewQueueRoutes } from "./review-queue-routes";

export const rechargeReviewRoutes = reviewQueueRoutes({
  path: "recharge",
  statuses: [0, 1, 2],
  reasonMaxLength: WALLET_REASON_MAX_LENGTH,
  // The schema admits only `statuses`.
  list: (app, q) =>
    listRechargesForReview(app.db, { ...q, status: q.status as RechargeStatus | null }),
  approve: (app, actor, id) => approveRecharge(app.db, app.chain.endpoint, actor, id),
  reject: (app, actor, id, reason) => rejectRecharge(app.db, actor, id, reason),
});
