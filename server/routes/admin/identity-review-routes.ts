// /admin/identity: the identity review queue, approve and reject.
import type { IdentityStatus } from "../../../protocol/identity";
import {
  approveIdentity,
  listIdentitySubmissions,
  rejectIdentity,
} from "../../domain/operators/identity-review";
import { identityQueue } from "../../../protocol/endpoints/admin";
import { reviewQueueRoutes } from "./review-queue-routes";

export const identityReviewRoutes = reviewQueueRoutes({
  endpoints: identityQueue,
  // The contract admits only the queue's statuses.
  list: (app, q) =>
    listIdentitySubmissions(app.db, { ...q, status: q.status as IdentityStatus | null }),
  approve: (app, actor, id) => approveIdentity(app.db, actor, id),
  reject: (app, actor, id, reason) => rejectIdentity(app.db, actor, id, reason),
});
