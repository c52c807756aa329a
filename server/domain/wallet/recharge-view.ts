// A recharge row as the wire carries it: Recharge for its owner (POST/GET /wallet/recharge and
// the change log's "recharge" entity), AdminRechargeItem for operators.
import { API_BASE } from "../../../protocol/paths";
import { uploadPath } from "../../../protocol/uploads";
import type { AdminRechargeItem, Recharge } from "../../../protocol/wallet";
import type { Queryable } from "../../db/db";
import type { RechargeRow, RechargeWithUserRow } from "../../db/repositories/recharge-repository";
import { formatUnits } from "../../../protocol/decimal";
import { ASSET_SCALES } from "../../../protocol/assets";
import { recordPut } from "../sync/change-log";

export function toRecharge(row: RechargeRow): Recharge {
  return {
    id: row.id,
    amount: formatUnits(BigInt(row.amount), ASSET_SCALES.USDT),
    status: row.status,
    txHash: row.tx_hash,
    voucher: row.voucher_upload_id,
    verification: row.verification,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

export function toAdminRechargeItem(row: RechargeWithUserRow): AdminRechargeItem {
  return {
    ...toRecharge(row),
    userId: row.user_id,
    userAddress: row.user_address,
    voucherUrl: row.voucher_upload_id === null ? null : uploadPath(API_BASE, row.voucher_upload_id),
    competingClaims: row.competing_claims,
    chainId: row.chain_id,
    logIndex: row.log_index,
    fromAddress: row.from_address,
    reviewerId: row.reviewer_id,
  };
}

/** Tells the owner's devices (change log) of the recharge's new state, in the caller's transaction. */
export function recordRecharge(tx: Queryable, row: RechargeRow): Promise<string> {
  return recordPut(tx, row.user_id, "recharge", row.id, toRecharge(row));
}
