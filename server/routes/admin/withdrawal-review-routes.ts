// /admin/withdraw: the withdrawal review queue, approve (sent by the hot wallet afterwards) and
// reject with a reason (the frozen amount + fee go back).
import { WALLET_REASON_MAX_LENGTH, type WithdrawalStatus } from "../../../protocol/wallet";
import {
  approveWithdrawal,
  listWithdrawalsForOperators,
  rejectWithdrawal,
} from "../../domain/wallet/withdraw-review";
import { reviewQueueRoutes } from "./review-queue-routes";

export const withdrawalReviewRoutes = reviewQueueRoutes({
  path: "withdraw",
  statuses: [0, 1, 2, 3],
  reasonMaxLength: WALLET_REASON_MAX_LENGTH,
  // The schema admits only `statuses`.
  list: (app, q) =>
    listWithdrawalsForOperators(app.db, { ...q, status: q.status as WithdrawalStatus | null }),
  approve: (app, actor, id) =>
    approveWithdrawal(app.db, actor, id, app.chain.hotWallet !== undefined),
  reject: (app, actor, id, reason) => rejectWithdrawal(app.db, actor, id, reason),
});
