// The three review queues (identity, recharge, withdraw): list by status, approve, reject.
import type { AdminIdentityItem, ListPage } from "../../../protocol";
import type { AdminRechargeItem, AdminWithdrawalItem } from "../../../protocol/wallet";
import { adminRequest } from "./transport";

/** One operator's approval of a withdrawal (wt/opflow's protocol/wallet.ts, two-person rule). */
export interface WithdrawalApprovalView {
  operatorId: string | null;
  /** The audit log's actor label: "operator:<username>" or "cli:<os user>". */
  operatorLabel: string;
  approvedAt: string;
}

/**
 * A withdrawal as the queue lists it. Until opflow's fields are in protocol/wallet.ts on this
 * branch they are optional here; after the merge the item's own (required) types take over.
 */
export type AdminWithdrawalView = AdminWithdrawalItem &
  Partial<{ approvals: WithdrawalApprovalView[]; approvalsRequired: 1 | 2 }>;

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
