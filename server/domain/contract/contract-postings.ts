// The ledger side of contract trading (DESIGN §5; the house is the counterparty through the
// system account `contract-pool`). Every bill refers to its order ({ kind: "contract-order", id }).
//   market open   103 margin available → frozen (opens its reservation), 301 fee → fees
//   limit place   103 margin (a reservation), 103 fee (a second one, when there is a fee)
//   limit fill    301 the fee reservation deducted → fees
//   cancel        104 margin back, 104 fee back
//   close         104 margin back, then 302 pnl from the pool or 303 loss to it, 301 closing fee
// A liquidation is a close with pnl = −margin and no fee: 104 then 303 of the same amount.
import type { Queryable } from "../../db/db";
import { deduct, freeze, returnReservation } from "../ledger/operations";
import { postTransaction, type Leg } from "../ledger/post-transaction";

export const CONTRACT_REF_KIND = "contract-order";
export const CONTRACT_BILLS = {
  freeze: 103,
  unfreeze: 104,
  fee: 301,
  income: 302,
  loss: 303,
} as const;
const ASSET = "USDT";

const ref = (id: string) => ({ kind: CONTRACT_REF_KIND, id });

interface Order {
  id: string;
  userId: string;
}

/** A market order opens: its margin frozen (a new reservation) and its fee paid, one posting. */
export async function postMarketOpen(
  tx: Queryable,
  o: Order & { margin: bigint; fee: bigint },
): Promise<{ transactionId: string; marginReservationId: string }> {
  const user = { userId: o.userId, asset: ASSET };
  const legs: Leg[] = [
    {
      account: user,
      bucket: "available",
      amount: -o.margin,
      bill: { type: CONTRACT_BILLS.freeze, ref: ref(o.id) },
    },
    { account: user, bucket: "frozen", amount: o.margin },
  ];
  if (o.fee > 0n) {
    legs.push(
      {
        account: user,
        bucket: "available",
        amount: -o.fee,
        bill: { type: CONTRACT_BILLS.fee, ref: ref(o.id) },
      },
      { account: { system: "fees", asset: ASSET }, bucket: "available", amount: o.fee },
    );
  }
  const posted = await postTransaction(tx, {
    kind: "contract-open",
    reference: `contract order ${o.id}`,
    legs,
    opens: { account: user, amount: o.margin },
  });
  if (posted.reservationId === null) throw new Error("contract open opened no reservation");
  return { transactionId: posted.transactionId, marginReservationId: posted.reservationId };
}

/** A limit order waits: its margin and its opening fee frozen, each a reservation of its own. */
export async function freezeLimit(
  tx: Queryable,
  o: Order & { margin: bigint; fee: bigint },
): Promise<{ marginReservationId: string; feeReservationId: string | null }> {
  const common = {
    kind: "contract-place",
    reference: `contract order ${o.id}`,
    ref: ref(o.id),
    userId: o.userId,
    asset: ASSET,
    billType: CONTRACT_BILLS.freeze,
  } as const;
  const margin = await freeze(tx, { ...common, amount: o.margin });
  const fee = o.fee > 0n ? await freeze(tx, { ...common, amount: o.fee }) : null;
  if (margin.reservationId === null) throw new Error("contract freeze opened no reservation");
  return {
    marginReservationId: margin.reservationId,
    feeReservationId: fee?.reservationId ?? null,
  };
}

/** A waiting order fills: its frozen fee goes to fees (301). Null when it had no fee. */
export async function postLimitFill(
  tx: Queryable,
  o: { id: string; feeReservationId: string | null },
): Promise<string | null> {
  if (o.feeReservationId === null) return null;
  const posted = await deduct(tx, {
    kind: "contract-fill",
    reference: `contract order ${o.id}`,
    ref: ref(o.id),
    reservationId: o.feeReservationId,
    to: "fees",
    billType: CONTRACT_BILLS.fee,
  });
  return posted.transactionId;
}

/** A waiting order is cancelled: margin and fee back (104). Answers the last posting's id. */
export async function postCancel(
  tx: Queryable,
  o: { id: string; marginReservationId: string; feeReservationId: string | null },
): Promise<string> {
  const common = {
    kind: "contract-cancel",
    reference: `contract order ${o.id}`,
    ref: ref(o.id),
    billType: CONTRACT_BILLS.unfreeze,
  } as const;
  if (o.feeReservationId !== null) {
    await returnReservation(tx, { ...common, reservationId: o.feeReservationId });
  }
  const posted = await returnReservation(tx, { ...common, reservationId: o.marginReservationId });
  return posted.transactionId;
}

/**
 * A position closes: the margin's reservation ends (104 back to available), the pnl moves
 * between the pool and the user (302 or 303) and the closing fee goes to fees (301), in one
 * posting. `pnl` ≥ −margin and loss + fee ≤ margin (protocol/contract.ts closeOutcome), so the
 * user's available never goes below what it was.
 */
export async function postClose(
  tx: Queryable,
  o: Order & {
    marginReservationId: string;
    margin: bigint;
    pnl: bigint;
    closeFee: bigint;
    kind: "contract-close" | "contract-liquidation";
  },
): Promise<string> {
  const user = { userId: o.userId, asset: ASSET };
  const pool = { system: "contract-pool" as const, asset: ASSET };
  const legs: Leg[] = [
    { account: user, bucket: "frozen", amount: -o.margin },
    {
      account: user,
      bucket: "available",
      amount: o.margin,
      bill: { type: CONTRACT_BILLS.unfreeze, ref: ref(o.id) },
    },
  ];
  if (o.pnl !== 0n) {
    const gain = o.pnl > 0n;
    legs.push(
      {
        account: user,
        bucket: "available",
        amount: o.pnl,
        bill: { type: gain ? CONTRACT_BILLS.income : CONTRACT_BILLS.loss, ref: ref(o.id) },
      },
      { account: pool, bucket: "available", amount: -o.pnl },
    );
  }
  if (o.closeFee > 0n) {
    legs.push(
      {
        account: user,
        bucket: "available",
        amount: -o.closeFee,
        bill: { type: CONTRACT_BILLS.fee, ref: ref(o.id) },
      },
      { account: { system: "fees", asset: ASSET }, bucket: "available", amount: o.closeFee },
    );
  }
  const posted = await postTransaction(tx, {
    kind: o.kind,
    reference: `contract order ${o.id}`,
    legs,
    ends: { reservationId: o.marginReservationId, outcome: "returned" },
  });
  return posted.transactionId;
}
