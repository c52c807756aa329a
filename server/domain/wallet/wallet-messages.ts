// The message a user gets when their recharge or withdrawal ends, written in the same
// transaction as the status change, so it exists exactly when the outcome does. Facts only: the
// amount, where it went or why it came back (DESIGN §1).
import { ASSET_SCALES } from "../../../protocol/assets";
import type { Queryable } from "../../db/db";
import type { RechargeRow } from "../../db/repositories/recharge-repository";
import type { WithdrawalRow } from "../../db/repositories/withdrawal-repository";
import { formatUnits } from "../../../protocol/decimal";
import { sendSystemMessage } from "../messages/system-messages";

const usdt = (units: string) => formatUnits(BigInt(units), ASSET_SCALES.USDT);

export async function tellRechargeCredited(tx: Queryable, row: RechargeRow): Promise<void> {
  await sendSystemMessage(tx, row.user_id, "recharge-credited", { amount: usdt(row.amount) });
}

export async function tellRechargeRejected(
  tx: Queryable,
  row: RechargeRow,
  reason: string,
): Promise<void> {
  await sendSystemMessage(tx, row.user_id, "recharge-rejected", {
    amount: usdt(row.amount),
    reason,
  });
}

export async function tellWithdrawalSent(
  tx: Queryable,
  row: WithdrawalRow,
  txHash: string,
): Promise<void> {
  await sendSystemMessage(tx, row.user_id, "withdrawal-sent", {
    amount: usdt(row.amount),
    address: row.address,
    txHash,
  });
}

export async function tellWithdrawalReturned(
  tx: Queryable,
  row: WithdrawalRow,
  reason: string,
): Promise<void> {
  await sendSystemMessage(tx, row.user_id, "withdrawal-returned", {
    amount: usdt(row.amount),
    fee: usdt(row.fee),
    reason,
  });
}
