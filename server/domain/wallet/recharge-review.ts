// Operators decide recharges under review (status 0): approve credits bill 101 from "deposits"
// with the reviewer recorded, reject ends it with a reason the user reads (status 2). Only one
// under review can be decided, once; every decision is audited in its transaction.
//
// An approval of a recharge with a tx hash asks the chain which Transfer it is (when a chain is
// attached) and records it in credited_deposits, so that transfer can never be credited again.
import { type Hex } from "viem";
import type { ListPage } from "../../../protocol/list";
import {
  WALLET_REASON_MAX_LENGTH,
  type AdminRechargeItem,
  type RechargeStatus,
} from "../../../protocol/wallet";
import type { ChainEndpoint } from "../../chain/chain-endpoint";
import { verifyDeposit } from "../../chain/verify-deposit";
import type { Db, Queryable } from "../../db/db";
import { appendAudit } from "../../db/repositories/audit-repository";
import {
  creditedLogIndexes,
  findRecharge,
  listRecharges,
  lockRecharge,
  markRechargeRejected,
  type RechargeRow,
  type RechargeWithUserRow,
} from "../../db/repositories/recharge-repository";
import { conflict, refusal, type DomainError } from "../errors";
import { rejectionReason } from "../operators/rejection-reason";
import { toPage } from "../operators/list-page";
import type { OperatorActor } from "../operators/operator-actor";
import { creditRecharge, type CreditHow } from "./recharge-credit";
import { recordRecharge, toAdminRechargeItem } from "./recharge-view";
import { tellRechargeRejected } from "./wallet-messages";

export interface RechargeListQuery {
  status: RechargeStatus | null;
  cursor: string | null;
  limit: number;
}

export async function listRechargesForReview(
  db: Queryable,
  q: RechargeListQuery,
): Promise<ListPage<AdminRechargeItem>> {
  // The queue (under review) reads first come, first served; decided ones newest first.
  const order = q.status === 0 ? "asc" : "desc";
  const rows = await listRecharges(db, {
    status: q.status,
    after: q.cursor,
    order,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toAdminRechargeItem);
}

export async function approveRecharge(
  db: Db,
  chain: ChainEndpoint | undefined,
  actor: OperatorActor,
  id: string,
): Promise<AdminRechargeItem> {
  assertUndecided(await findRecharge(db, id));
  // The chain is read before the transaction (RPC may be slow); the row lock re-checks status.
  const transfer = await transferOf(db, chain, id);
  const row = await db.transaction(async (tx) => {
    const locked = assertUndecided(await lockRecharge(tx, id));
    const credited = await creditRecharge(tx, locked, {
      verification: locked.tx_hash === null ? "none" : "manual",
      reviewerId: actor.id,
      transfer,
    });
    if (credited === "already-credited") throw alreadyCredited();
    await audit(tx, actor, "recharge.approve", credited, {
      amount: credited.amount,
      txHash: credited.tx_hash,
      ...(transfer === null ? {} : { logIndex: transfer.logIndex, from: transfer.from }),
    });
    return {
      ...credited,
      user_address: locked.user_address,
      competing_claims: locked.competing_claims,
    };
  });
  return toAdminRechargeItem(row);
}

export async function rejectRecharge(
  db: Db,
  actor: OperatorActor,
  id: string,
  reason: string,
): Promise<AdminRechargeItem> {
  const trimmed = rejectionReason(reason, WALLET_REASON_MAX_LENGTH);
  const row = await db.transaction(async (tx) => {
    const locked = assertUndecided(await lockRecharge(tx, id));
    const rejected = await markRechargeRejected(tx, { id, reason: trimmed, reviewerId: actor.id });
    await audit(tx, actor, "recharge.reject", rejected, { reason: trimmed });
    await recordRecharge(tx, rejected);
    await tellRechargeRejected(tx, rejected, trimmed);
    return {
      ...rejected,
      user_address: locked.user_address,
      competing_claims: locked.competing_claims,
    };
  });
  return toAdminRechargeItem(row);
}

/** The Transfer log the recharge's tx hash shows (null without a hash, chain or match). */
async function transferOf(
  db: Db,
  chain: ChainEndpoint | undefined,
  id: string,
): Promise<CreditHow["transfer"]> {
  const row = await findRecharge(db, id);
  if (row?.tx_hash == null || chain === undefined) return null;
  const txHash = row.tx_hash as Hex;
  const verification = await verifyDeposit(chain, {
    txHash,
    amount: BigInt(row.amount),
    sender: "any",
    credited: await creditedLogIndexes(db, chain.chainId, txHash),
  });
  if (verification.kind === "invalid" && verification.code === "already-credited") {
    throw alreadyCredited();
  }
  const match =
    verification.kind === "confirmed"
      ? verification
      : verification.kind === "waiting"
        ? verification.match
        : null;
  return match === null
    ? null
    : { chainId: chain.chainId, logIndex: match.logIndex, from: match.from };
}

function assertUndecided(row: RechargeWithUserRow | null): RechargeWithUserRow {
  if (row === null) throw refusal("NOT_FOUND", "No such recharge");
  if (row.status !== 0) {
    throw conflict(
      "already-decided",
      `This recharge was already ${row.status === 1 ? "credited" : "rejected"}; only one under review can be decided`,
    );
  }
  return row;
}

function alreadyCredited(): DomainError {
  return conflict(
    "transfer-credited",
    "The transfer in this transaction was already credited to another recharge; approving would credit it twice",
  );
}

function audit(
  tx: Queryable,
  actor: OperatorActor,
  action: string,
  row: RechargeRow,
  detail: Record<string, unknown>,
): Promise<void> {
  return appendAudit(tx, {
    actorId: actor.id,
    actorLabel: actor.label,
    action,
    targetKind: "recharge",
    targetId: row.id,
    detail: { userId: row.user_id, ...detail },
  });
}
