// The ledger side of quant plans (DESIGN §5; the house is the counterparty through the system
// account `plan-pool`). Every bill refers to its subscription ({ kind: "quant-subscription", id }).
//   subscribe   103 amount available → frozen (opens its reservation)
//   end         104 amount back (ends the reservation), then 102 profit from the pool or 202 loss
//               to it (protocol/quant.ts planSettlement: never more than the amount), one posting
// Trades inside a running plan move no ledger money: the plan's cash and positions are its own
// book against the house at the feed's prices, and only what it earned is booked at the end.
import type { Queryable } from "../../../db/db";
import { freeze } from "../../ledger/operations";
import { postTransaction, type Leg } from "../../ledger/post-transaction";

export const PLAN_REF_KIND = "quant-subscription";
export const PLAN_BILLS = { add: 102, freeze: 103, unfreeze: 104, deduct: 202 } as const;
const ASSET = "USDT";

const ref = (id: string) => ({ kind: PLAN_REF_KIND, id });

/** The amount frozen (103). Throws InsufficientBalanceError before writing anything. */
export async function postSubscribe(
  tx: Queryable,
  s: { id: string; userId: string; amount: bigint },
): Promise<{ transactionId: string; reservationId: string }> {
  const posted = await freeze(tx, {
    kind: "plan-subscribe",
    reference: `quant subscription ${s.id}`,
    ref: ref(s.id),
    userId: s.userId,
    asset: ASSET,
    amount: s.amount,
    billType: PLAN_BILLS.freeze,
  });
  if (posted.reservationId === null) throw new Error("plan freeze opened no reservation");
  return { transactionId: posted.transactionId, reservationId: posted.reservationId };
}

/**
 * The end: the reservation ends (104 back to available), then the result moves between the pool
 * and the user (102 profit, or 202 loss ≤ amount), in one posting. Answers its transaction id.
 */
export async function postSettlement(
  tx: Queryable,
  s: {
    id: string;
    userId: string;
    amount: bigint;
    reservationId: string;
    profit: bigint;
    loss: bigint;
  },
): Promise<string> {
  if (s.loss > s.amount || s.loss < 0n || s.profit < 0n) {
    throw new Error(`plan ${s.id}: settlement outside its amount`);
  }
  const user = { userId: s.userId, asset: ASSET };
  const pool = { system: "plan-pool" as const, asset: ASSET };
  const legs: Leg[] = [
    { account: user, bucket: "frozen", amount: -s.amount },
    {
      account: user,
      bucket: "available",
      amount: s.amount,
      bill: { type: PLAN_BILLS.unfreeze, ref: ref(s.id) },
    },
  ];
  if (s.profit > 0n) {
    legs.push(
      { account: pool, bucket: "available", amount: -s.profit },
      {
        account: user,
        bucket: "available",
        amount: s.profit,
        bill: { type: PLAN_BILLS.add, ref: ref(s.id) },
      },
    );
  }
  if (s.loss > 0n) {
    legs.push(
      {
        account: user,
        bucket: "available",
        amount: -s.loss,
        bill: { type: PLAN_BILLS.deduct, ref: ref(s.id) },
      },
      { account: pool, bucket: "available", amount: s.loss },
    );
  }
  const posted = await postTransaction(tx, {
    kind: "plan-settle",
    reference: `quant subscription ${s.id}`,
    legs,
    ends: { reservationId: s.reservationId, outcome: "returned" },
  });
  return posted.transactionId;
}
