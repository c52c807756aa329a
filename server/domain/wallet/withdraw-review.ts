// Operators review withdrawals (DESIGN §1.3): approve (→ 1, the sender then pays it from the hot
// wallet) or reject with a stated reason (→ 3, the frozen amount + fee go back, bill 204). Only a
// withdrawal under review can be decided, once; each decision is audited in its transaction.
// There is no other action: nothing an operator can ask of the user before releasing funds.
import type { ListPage } from "../../../protocol/list";
import {
  WALLET_REASON_MAX_LENGTH,
  type AdminWithdrawalItem,
  type WithdrawalStatus,
} from "../../../protocol/wallet";
import type { ChainConfig } from "../../chain/chain-config";
import type { Db, Tx } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
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
import { recordWithdrawal, toAdminWithdrawal } from "./withdrawal-view";

export interface WithdrawalListQuery {
  status: WithdrawalStatus | null;
  cursor: string | null;
  limit: number;
}

export async function listWithdrawalsForOperators(
  db: Db,
  q: WithdrawalListQuery,
): Promise<ListPage<AdminWithdrawalItem>> {
  // The queue (under review) reads first come, first served; the rest newest first.
  const order = q.status === 0 ? "asc" : "desc";
  const rows = await listWithdrawalsForReview(db, {
    status: q.status,
    after: q.cursor,
    order,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toAdminWithdrawal);
}

/**
 * Whether a deployment sends withdrawals, from its configuration (for `npm run admin`, which has
 * no chain of its own): demo always (the dev chain's hot wallet), production with HOT_WALLET_KEY.
 */
export function configuredToSend(chain: ChainConfig): boolean {
  return chain.kind === "dev" || (chain.kind === "rpc" && chain.hotWalletKey !== null);
}

/** `canSend`: a hot wallet exists to send it (the API: `app.chain.hotWallet` is attached). */
export async function approveWithdrawal(
  db: Db,
  actor: OperatorActor,
  id: string,
  canSend: boolean,
): Promise<AdminWithdrawalItem> {
  if (!canSend) {
    // Approving now would promise a send nobody can make; the request stays under review.
    throw new DomainError(
      "UNAVAILABLE",
      { part: "hot-wallet" },
      "Withdrawals cannot be sent: this server has no hot wallet (HOT_WALLET_KEY) or its chain is not running yet",
    );
  }
  return decide(db, id, async (tx, row) => {
    await markApproved(tx, id, actor.id);
    await appendAudit(tx, audit(actor, "withdrawal.approve", row, {}));
  });
}

export async function rejectWithdrawal(
  db: Db,
  actor: OperatorActor,
  id: string,
  reason: string,
): Promise<AdminWithdrawalItem> {
  const trimmed = rejectionReason(reason, WALLET_REASON_MAX_LENGTH);
  return decide(db, id, async (tx, row) => {
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
  });
}

async function decide(
  db: Db,
  id: string,
  apply: (tx: Tx, row: WithdrawalRow) => Promise<void>,
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
    await apply(tx, locked);
    await recordWithdrawal(tx, id);
    return findWithdrawalForReview(tx, id);
  });
  if (decided === null) throw new Error(`withdrawal ${id} vanished`);
  return toAdminWithdrawal(decided);
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
