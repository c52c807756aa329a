// The three review queues (identity, recharge, withdraw): list by status, approve, reject.
import type { AdminIdentityItem, ListPage } from "../../../protocol";
import type { AdminRechargeItem, AdminWithdrawalItem } from "../../../protocol/wallet";
import { adminRequest } from "./transport";

/**
 * One recorded approval of a withdrawal (two-person rule, opflow's migration 025). Optional until
 * that lands: the item then carries only `reviewerId`.
 */
export interface WithdrawalApproval {
  operatorId: string;
  operator?: string;
  approvedAt: string;
}

export interface AdminWithdrawalView extends AdminWithdrawalItem {
  approvals?: WithdrawalApproval[];
  /** Above WITHDRAWAL_SECOND_APPROVAL_ABOVE: a second, different operator must approve. */
  needsSecondApproval?: boolean;
}

export interface QueueItems {
  identity: AdminIdentityItem;
  recharge: AdminRechargeItem;
  withdraw: AdminWithdrawalView;
}
export type QueueName = keyof QueueItems;

export function listQueue<Q extends QueueName>(
  queue: Q,
  status: number,
  cursor: string | null,
  limit = 20,
): Promise<ListPage<QueueItems[Q]>> {
  return adminRequest("GET", `/admin/${queue}`, {
    searchParams: { status, limit, ...(cursor === null ? {} : { cursor }) },
  });
}

export function approveItem<Q extends QueueName>(queue: Q, id: string): Promise<QueueItems[Q]> {
  return adminRequest("POST", `/admin/${queue}/${encodeURIComponent(id)}/approve`);
}

export function rejectItem<Q extends QueueName>(
  queue: Q,
  id: string,
  reason: string,
): Promise<QueueItems[Q]> {
  return adminRequest("POST", `/admin/${queue}/${encodeURIComponent(id)}/reject`, {
    json: { reason },
  });
}
