// /admin/withdraw: the withdrawal review queue, approve (sent by the hot wallet afterwards) and
// reject with a reason (the frozen amount + fee go back). Above WITHDRAWAL_SECOND_APPROVAL_ABOVE an
// approval sends it only when it is a second operator's (domain/wallet/withdraw-review.ts).
import type { WithdrawalStatus } from "../../../protocol/wallet";
import {
  approveWithdrawal,
  listWithdrawalsForOperators,
  rejectWithdrawal,
} from "../../domain/wallet/withdraw-review";
import { withdrawQueue } from "../../../protocol/endpoints/admin";
import { reviewQueueRoutes } from "./review-queue-routes";

export const withdrawalReviewRoutes = reviewQueueRoutes({
  endpoints: withdrawQueue,
  // The contract admits only the queue's statuses.
  list: (app, q) =>
    listWithdrawalsForOperators(
      app.db,
      { ...q, status: q.status as WithdrawalStatus | null },
      app.config.withdrawals,
    ),
  approve: (app, actor, id) =>
    approveWithdrawal(app.db, actor, id, app.chain.hotWallet !== undefined, app.config.withdrawals),
  reject: (app, actor, id, reason) =>
    rejectWithdrawal(app.db, actor, id, reason, app.config.withdrawals),
});
