// Crediting a recharge (bill 101 from the system account "deposits"), shared by the three ways a
// recharge succeeds: verified at submission, confirmed later by the watcher, approved by an
// operator. The caller holds the recharge row (locked, or just inserted) and has seen status 0.
import type { Queryable } from "../../db/db";
import {
  insertCreditedDeposit,
  markRechargeCredited,
  type RechargeRow,
} from "../../db/repositories/recharge-repository";
import { queueRewardCheck } from "../../db/repositories/invite-repository";
import { credit } from "../ledger/operations";
import { recordRecharge } from "./recharge-view";
import { tellRechargeCredited } from "./wallet-messages";

export interface CreditHow {
  verification: "verified" | "none" | "manual";
  reviewerId: string | null;
  /** The Transfer log this recharge is credited for, when the chain showed it. */
  transfer: { chainId: number; logIndex: number; from: string } | null;
}

/**
 * Credits the recharge once; "already-credited" (and nothing written) when its transfer was
 * credited before — credited_deposits' primary key decides, so no race can credit it twice.
 */
export async function creditRecharge(
  tx: Queryable,
  row: RechargeRow,
  how: CreditHow,
): Promise<RechargeRow | "already-credited"> {
  const { transfer } = how;
  if (transfer !== null && row.tx_hash !== null) {
    const fresh = await insertCreditedDeposit(tx, {
      chainId: transfer.chainId,
      txHash: row.tx_hash,
      logIndex: transfer.logIndex,
      rechargeId: row.id,
    });
    if (!fresh) return "already-credited";
  }
  const posted = await credit(tx, {
    kind: "recharge",
    reference: `recharge ${row.id}`,
    ref: { kind: "recharge", id: row.id },
    userId: row.user_id,
    asset: "USDT",
    amount: BigInt(row.amount),
    billType: 101,
    from: "deposits",
  });
  const credited = await markRechargeCredited(tx, {
    id: row.id,
    transactionId: posted.transactionId,
    verification: how.verification,
    reviewerId: how.reviewerId,
    transfer,
  });
  await recordRecharge(tx, credited);
  // A deposit may complete an invitee's reward rule (domain/invite/reward-worker.ts).
  await queueRewardCheck(tx, row.user_id);
  await tellRechargeCredited(tx, credited);
  return credited;
}

export const ALREADY_CREDITED_REASON = "This transfer was already credited to another recharge";
