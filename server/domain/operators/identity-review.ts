// Operators review identity submissions: list by status, approve, reject with a reason. Only a
// submission under review can be decided, once; every decision is audited in its transaction.
import { uploadPath } from "../../../protocol/uploads";
import { API_BASE } from "../../../protocol/paths";
import type { AdminIdentityItem } from "../../../protocol/admin";
import { IDENTITY_LIMITS, type IdentityStatus } from "../../../protocol/identity";
import type { ListPage } from "../../../protocol/list";
import type { Db } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { queueRewardCheck } from "../../db/repositories/invite-repository";
import {
  decideSubmission,
  findSubmission,
  listSubmissions,
  type IdentityReviewRow,
} from "../../db/repositories/identity-repository";
import { conflict, refusal } from "../errors";
import { rejectionReason } from "./rejection-reason";
import { sendSystemMessage } from "../messages/system-messages";
import { recordIdentity, recordProfile } from "../sync/change-log";
import { toPage } from "./list-page";
import type { OperatorActor } from "./operator-actor";

export interface IdentityListQuery {
  status: IdentityStatus | null;
  cursor: string | null;
  limit: number;
}

export async function listIdentitySubmissions(
  db: Db,
  q: IdentityListQuery,
): Promise<ListPage<AdminIdentityItem>> {
  // The queue (under review) reads first come, first served; decided ones newest first.
  const order = q.status === 0 ? "asc" : "desc";
  const rows = await listSubmissions(db, {
    status: q.status,
    after: q.cursor,
    order,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toAdminIdentityItem);
}

export async function approveIdentity(
  db: Db,
  actor: OperatorActor,
  id: string,
): Promise<AdminIdentityItem> {
  return decide(db, actor, id, 1, null);
}

export async function rejectIdentity(
  db: Db,
  actor: OperatorActor,
  id: string,
  reason: string,
): Promise<AdminIdentityItem> {
  const trimmed = rejectionReason(reason, IDENTITY_LIMITS.reasonMaxLength);
  return decide(db, actor, id, 2, trimmed);
}

async function decide(
  db: Db,
  actor: OperatorActor,
  id: string,
  status: 1 | 2,
  reason: string | null,
): Promise<AdminIdentityItem> {
  const row = await db.transaction(async (tx) => {
    const decided = await decideSubmission(tx, { id, status, reason, reviewerId: actor.id });
    if (decided === null) {
      const existing = await findSubmission(tx, id);
      if (existing === null) throw refusal("NOT_FOUND", "No such identity submission");
      throw conflict(
        "already-decided",
        `This submission was already ${existing.status === 1 ? "approved" : "rejected"}; only one under review can be decided`,
      );
    }
    await appendAudit(tx, {
      actorId: actor.id,
      actorLabel: actor.label,
      action: status === 1 ? "identity.approve" : "identity.reject",
      targetKind: "identity_submission",
      targetId: decided.id,
      detail: { userId: decided.user_id, ...(reason === null ? {} : { reason }) },
    });
    // The user's devices learn of the decision with the audit row: identity, the profile's
    // `verified`, and a message saying so.
    await recordIdentity(tx, decided.user_id);
    await recordProfile(tx, decided.user_id);
    // A passed review may complete an invitee's reward rule (domain/invite/reward-worker.ts).
    if (status === 1) await queueRewardCheck(tx, decided.user_id);
    await sendSystemMessage(
      tx,
      decided.user_id,
      status === 1 ? "identity-passed" : "identity-rejected",
      reason === null ? {} : { reason },
    );
    return decided;
  });
  return toAdminIdentityItem(row);
}

function toAdminIdentityItem(row: IdentityReviewRow): AdminIdentityItem {
  return {
    id: row.id,
    userId: row.user_id,
    address: row.address,
    status: row.status,
    name: row.name,
    idNumber: row.id_number,
    idType: row.id_type,
    photo: row.photo_upload_id,
    photoUrl: uploadPath(API_BASE, row.photo_upload_id),
    submittedAt: row.submitted_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reviewerId: row.reviewer_id,
    reason: row.reason,
  };
}
