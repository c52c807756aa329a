// Withdrawal approvals (migration 025): who approved a withdrawal and when, one row per approval
// (step 1, and step 2 when the amount needs a second operator).
import type { Queryable } from "../db";

export interface WithdrawalApprovalRow {
  withdrawal_id: string;
  step: number;
  approver_id: string | null;
  approver_label: string;
  approved_at: Date;
}

const COLUMNS =
  "withdrawal_id::text AS withdrawal_id, step, approver_id::text AS approver_id, approver_label, approved_at";

export async function insertApproval(
  tx: Queryable,
  a: { withdrawalId: string; step: number; approverId: string | null; approverLabel: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO withdrawal_approvals (withdrawal_id, step, approver_id, approver_label)
     VALUES ($1, $2, $3, $4)`,
    [a.withdrawalId, a.step, a.approverId, a.approverLabel],
  );
}

/** The approvals of these withdrawals, in step order. */
export async function approvalsOf(
  db: Queryable,
  withdrawalIds: readonly string[],
): Promise<WithdrawalApprovalRow[]> {
  if (withdrawalIds.length === 0) return [];
  return db.query<WithdrawalApprovalRow>(
    `SELECT ${COLUMNS} FROM withdrawal_approvals
      WHERE withdrawal_id = ANY($1::bigint[]) ORDER BY withdrawal_id, step`,
    [[...withdrawalIds]],
  );
}
