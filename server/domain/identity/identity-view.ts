// How a user sees their own identity submission: the ID number masked, so a glance at an open
// phone (or a leaked response) does not reveal it. Operators see it in full (admin views).
import type { IdentityView } from "../../../protocol/identity";
import type { Queryable } from "../../db/db";
import { latestSubmission, type IdentityRow } from "../../db/repositories/identity-repository";

/** The product's masking rule: first 2 + "****" + last 2 ("AB****89"); 4 or fewer: "****". */
export function maskIdNumber(idNumber: string): string {
  const chars = [...idNumber];
  if (chars.length <= 4) return "****";
  return `${chars.slice(0, 2).join("")}****${chars.slice(-2).join("")}`;
}

export function toIdentityView(row: IdentityRow): IdentityView {
  return {
    status: row.status,
    name: row.name,
    idNumber: maskIdNumber(row.id_number),
    idType: row.id_type,
    submittedAt: row.submitted_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** The user's latest submission as they see it (GET /profile/identity), or null. */
export async function currentIdentity(db: Queryable, userId: string): Promise<IdentityView | null> {
  const row = await latestSubmission(db, userId);
  return row ? toIdentityView(row) : null;
}
