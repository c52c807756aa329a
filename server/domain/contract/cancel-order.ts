// DELETE /contract/orders/{id}: the owner cancels a waiting limit order, and its margin and fee
// come back (104 each). The row is locked first and decided on inside the transaction that
// returns the money, so a cancel racing the fill ends with exactly one of them: the loser finds
// the order no longer waiting (cancel: 409; fill: skipped).
import type { ContractOrder } from "../../../protocol/contract";
import type { Db } from "../../db/db";
import {
  lockContractOrder,
  markContractEnded,
  notifyContractOrder,
} from "../../db/repositories/contract-order-repository";
import { DomainError } from "../errors";
import { alreadyCompleted, notFound } from "./close-order";
import { recordContractOrder } from "./contract-order-view";
import { postCancel } from "./contract-postings";

export async function cancelContractOrder(
  db: Db,
  command: { userId: string; id: string; now?: () => number },
): Promise<ContractOrder> {
  const { id, userId } = command;
  const now = command.now ?? Date.now;
  return db.transaction(async (tx) => {
    const row = await lockContractOrder(tx, id);
    if (row?.user_id !== userId) throw notFound();
    if (row.state === 1) {
      throw new DomainError(
        "CONFLICT",
        { conflict: "order-open" },
        "This order has already opened as a position; close it instead of cancelling it",
      );
    }
    if (row.state === 2) throw alreadyCompleted(row);
    const transactionId = await postCancel(tx, {
      id,
      marginReservationId: row.margin_reservation_id,
      feeReservationId: row.fee_reservation_id,
    });
    await markContractEnded(tx, id, {
      reason: "cancelled",
      atMs: now(),
      transactionId,
      closePrice: null,
      closeFee: null,
      pnl: null,
      tickSeq: null,
    });
    await notifyContractOrder(tx, id);
    return recordContractOrder(tx, id);
  });
}
