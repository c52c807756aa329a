// Operators review withdrawals (DESIGN §1.3): approve (→ 1, the sender then pays it from the hot
// wallet) or reject with a stated reason (→ 3, the frozen amount + fee go back, bill 204). Only a
// withdrawal under review can be decided, once; each decision is audited in its transaction.
// There is no other action: nothing an operator can ask of the user before releasing funds.
// Two-person rule (issue 22): above WITHDRAWAL_SECOND_APPROVAL_ABOVE the first approval is only
// recorded (it stays under review) and a different operator's second approval sends it.
import type { ListPage } from "../../../protocol/list";
import {
  WALLET_REASON_MAX_LENGTH,
  type AdminWithdrawalItem,
  type WithdrawalStatus,
} from "../../../protocol/wallet";
import type { ChainConfig } from "../../chain/chain-config";
import type { Db, Tx } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import { approvalsOf, insertApproval } from "../../db/repositories/withdrawal-approval-repository";
import {
  findWithdrawalForReview,
  listWithdrawalsForReview,
  lockWithdrawal,
  markApproved,
  markFailed,
  type WithdrawalRow,
} from "../../db/repositories/withdrawal-repository";
import { conflict, DomainError, refusal } from "../errors";
import { rejectionReason } from "../operators/rejection-reason";
import { returnReservation } from "../ledger/operations";
import { toPage } from "../operators/list-page";
import type { OperatorActor } from "../operators/operator-actor";
import { tellWithdrawalReturned } from "./wallet-messages";
import { approvalsRequired, type WithdrawalApprovalConfig } from "./withdrawal-approval-config";
import { recordWithdrawal, toAdminWithdrawals } from "./withdrawal-view";

export interface WithdrawalListQuery {
  status: WithdrawalStatus | null;
  cursor: string | null;
  limit: number;
}

export async function listWithdrawalsForOperators(
  db: Db,
  q: WithdrawalListQuery,
  rule: WithdrawalApprovalConfig,
): Promise<ListPage<AdminWithdrawalItem>> {
  // The queue (under review) reads first come, first served; the rest newest first.
  const order = q.status === 0 ? "asc" : "desc";
  const rows = await listWithdrawalsForReview(db, {
    status: q.status,
    after: q.cursor,
    order,
    limit: q.limit + 1,
  });
  const page = toPage(rows, q.limit, (row) => row);
  return { items: await toAdminWithdrawals(db, page.items, rule), nextCursor: page.nextCursor };
}

/**
 * Whether a deployment sends withdrawals, from its configuration (for `npm run admin`, which has
 * no chain of its own): demo always (the dev chain's hot wallet), production with HOT_WALLET_KEY.
 */
export function configuredToSend(chain: ChainConfig): boolean {
  return chain.kind === "dev" || (chain.kind === "rpc" && chain.hotWalletKey !== null);
}

/**
 * `canSend`: a hot wallet exists to send it (the API: `app.chain.hotWallet` is attached).
 * Above the rule's amount the first approval is recorded and the withdrawal waits for a second
 * operator's; the same operator approving twice is refused (CONFLICT "same-approver").
 */
export async function approveWithdrawal(
  db: Db,
  actor: OperatorActor,
  id: string,
  canSend: boolean,
  rule: WithdrawalApprovalConfig,
): Promise<AdminWithdrawalItem> {
  if (!canSend) {
    // Approving now would promise a send nobody can make; the request stays under review.
    throw new DomainError(
      "UNAVAILABLE",
      { part: "hot-wallet" },
      "Withdrawals cannot be sent: this server has no hot wallet (HOT_WALLET_KEY) or its chain is not running yet",
    );
  }
  return decide(db, id, rule, async (tx, row) => {
    // Under the withdrawal's row lock: two operators approving at once queue here, so the
    // second sees the first's approval and exactly one of them sends it.
    const earlier = await approvalsOf(tx, [id]);
    const mine = earlier.find(
      (a) => a.approver_label === actor.label || (actor.id !== null && a.approver_id === actor.id),
    );
    if (mine) {
      throw new DomainError(
        "CONFLICT",
        {
          conflict: "same-approver",
          approver: mine.approver_label,
          approvedAt: mine.approved_at.toISOString(),
        },
        "You already approved this withdrawal; a second approval must come from another operator",
      );
    }
    const step = earlier.length + 1;
    const required = approvalsRequired(rule, BigInt(row.amount));
    await insertApproval(tx, {
      withdrawalId: id,
      step,
      approverId: actor.id,
      approverLabel: actor.label,
    });
    const approvers = [...earlier.map((a) => a.approver_label), actor.label];
    const detail = { approval: step, approvalsRequired: required, approvers };
    if (step < required) {
      await appendAudit(tx, audit(actor, "withdrawal.first-approval", row, detail));
      // Nothing the user sees changed: it is still under review.
      return false;
    }
    await markApproved(tx, id, actor.id);
    await appendAudit(tx, audit(actor, "withdrawal.approve", row, detail));
    return true;
  });
}

export async function rejectWithdrawal(
  db: Db,
  actor: OperatorActor,
  id: string,
  reason: string,
  rule: WithdrawalApprovalConfig,
): Promise<AdminWithdrawalItem> {
  const trimmed = rejectionReason(reason, WALLET_REASON_MAX_LENGTH);
  return decide(db, id, rule, async (tx, row) => {
    await markFailed(tx, id, trimmed, { id: actor.id });
    await returnReservation(tx, {
      kind: "withdrawal-rejected",
      reference: `withdrawal ${id} rejected: ${trimmed}`.slice(0, 200),
      ref: { kind: "withdrawal", id },
      reservationId: row.reservation_id,
      billType: 204,
    });
    await tellWithdrawalReturned(tx, row, trimmed);
    await appendAudit(tx, audit(actor, "withdrawal.reject", row, { reason: trimmed }));
    return true;
  });
}

/** `apply` answers whether the user's view changed (a first of two approvals does not). */
async function decide(
  db: Db,
  id: string,
  rule: WithdrawalApprovalConfig,
  apply: (tx: Tx, row: WithdrawalRow) => Promise<boolean>,
): Promise<AdminWithdrawalItem> {
  const decided = await db.transaction(async (tx) => {
    // The row lock first (then the ledger's locks): two decisions at once end with one winner.
    const locked = await lockWithdrawal(tx, id);
    if (locked === null) throw refusal("NOT_FOUND", "No such withdrawal");
    if (locked.status !== 0) {
      throw conflict(
        "already-decided",
        `This withdrawal was already ${locked.status === 3 ? "rejected or failed" : "approved"}; only one under review can be decided`,
      );
    }
    if (await apply(tx, locked)) await recordWithdrawal(tx, id);
    const row = await findWithdrawalForReview(tx, id);
    if (row === null) throw new Error(`withdrawal ${id} vanished`);
    const [item] = await toAdminWithdrawals(tx, [row], rule);
    return item;
  });
  if (decided === undefined) throw new Error(`withdrawal ${id} vanished`);
  return decided;
}

function audit(
  actor: OperatorActor,
  action: string,
  row: WithdrawalRow,
  extra: Record<string, unknown>,
) {
  const detail = { userId: row.user_id, amount: row.amount, address: row.address, ...extra };
  return {
    actorId: actor.id,
    actorLabel: actor.label,
    action,
    targetKind: "withdrawal",
    targetId: row.id,
    detail,
  };
}
