// A withdrawals row as the API answers it (POST/GET /wallet/withdraw, the change log's
// "withdrawal" entity, the operators' queue), and the one way its change reaches the user's log.
import type { AdminWithdrawalItem, Withdrawal, WithdrawalApproval } from "../../../protocol/wallet";
import type { Queryable } from "../../db/db";
import {
  approvalsOf,
  type WithdrawalApprovalRow,
} from "../../db/repositories/withdrawal-approval-repository";
import type {
  WithdrawalReviewRow,
  WithdrawalRow,
} from "../../db/repositories/withdrawal-repository";
import { findWithdrawal } from "../../db/repositories/withdrawal-repository";
import { formatUnits } from "../../../protocol/decimal";
import { ASSET_SCALES } from "../../../protocol/assets";
import { recordPut } from "../sync/change-log";
import { approvalsRequired, type WithdrawalApprovalConfig } from "./withdrawal-approval-config";

const usdt = (units: string) => formatUnits(BigInt(units), ASSET_SCALES.USDT);

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: usdt(row.amount),
    fee: usdt(row.fee),
    address: row.address,
    status: row.status,
    // The hash is shown once the transfer is on its way (stored before broadcast; a failed
    // estimate never signs one).
    txHash: row.tx_hash,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

export function toAdminWithdrawal(
  row: WithdrawalReviewRow,
  approvals: readonly WithdrawalApprovalRow[],
  rule: WithdrawalApprovalConfig,
): AdminWithdrawalItem {
  const recorded = approvals.filter((a) => a.withdrawal_id === row.id);
  return {
    ...toWithdrawal(row),
    userId: row.user_id,
    userAddress: row.user_address,
    reviewerId: row.reviewer_id,
    approvals: recorded.map(toApproval),
    // One decided before two-person review existed had its one approval: say what it had.
    approvalsRequired:
      row.status === 0
        ? approvalsRequired(rule, BigInt(row.amount))
        : recorded.length === 2
          ? 2
          : 1,
  };
}

/** Operators' view of these rows, their approvals read in one query. */
export async function toAdminWithdrawals(
  db: Queryable,
  rows: readonly WithdrawalReviewRow[],
  rule: WithdrawalApprovalConfig,
): Promise<AdminWithdrawalItem[]> {
  const approvals = await approvalsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toAdminWithdrawal(row, approvals, rule));
}

function toApproval(a: WithdrawalApprovalRow): WithdrawalApproval {
  return {
    operatorId: a.approver_id,
    operatorLabel: a.approver_label,
    approvedAt: a.approved_at.toISOString(),
  };
}

/** Re-reads the row (after the caller's writes) and appends it to its user's change log. */
export async function recordWithdrawal(tx: Queryable, id: string): Promise<Withdrawal> {
  const row = await findWithdrawal(tx, id);
  if (row === null) throw new Error(`withdrawal ${id} vanished inside its transaction`);
  const view = toWithdrawal(row);
  await recordPut(tx, row.user_id, "withdrawal", row.id, view);
  return view;
}
