// /admin/identity: the identity review queue, approve and reject.
import { IDENTITY_LIMITS, type IdentityStatus } from "../../../protocol/identity";
import {
  approveIdentity,
  listIdentitySubmissions,
  rejectIdentity,
} from "../../domain/operators/identity-review";
import { reviewQueueRoutes } from "./review-queue-routes";

export const identityReviewRoutes = reviewQueueRoutes({
  path: "identity",
  statuses: [0, 1, 2],
  reasonMaxLength: IDENTITY_LIMITS.reasonMaxLength,
  // The schema admits only `statuses`.
  list: (app, q) =>
    listIdentitySubmissions(app.db, { ...q, status: q.status as IdentityStatus | null }),
  approve: (app, actor, id) => approveIdentity(app.db, actor, id),
  reject: (app, actor, id, reason) => rejectIdentity(app.db, actor, id, reason),
});
