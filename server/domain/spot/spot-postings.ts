// Spot's ledger postings and the bills they show (API.md 315-325). The broker (system account
// "broker") is the other side of every fill, fees go to "fees". Each function is one posting
// inside the caller's transaction. As in operations.ts, a bill sits on the user leg that moved:
// a freeze's bill on the available leg, a deduct's on the frozen leg, a credit's on available.
//
//   market buy   316 spot buy deduct        USDT available −(notional + taker fee)
//                318 spot buy credited      base available +number
//   market sell  321 spot sell deduct       base available −number
//                323 spot sell credited     USDT available +(notional − taker fee)
//   limit buy    315 spot buy freeze        USDT available −(notional + maker fee) → frozen
//     fill       316 spot buy deduct        USDT frozen −notional (to the broker)
//                325 pending-order fee      USDT frozen −maker fee (to fees)
//                319 spot buy credited (2)  base available +number
//     cancel     317 spot buy return        USDT frozen → available, the whole reservation
//   limit sell   320 spot sell freeze       base available −number → frozen
//     fill       321 spot sell deduct       base frozen −number (to the broker)
//                324 spot sell credited (2) USDT available +notional
//                325 pending-order fee      USDT available −maker fee
//     cancel     322 spot sell return       base frozen → available, the whole reservation
//
// A limit fill ends its reservation ("deducted") taking exactly what was frozen, so no part of
// it can stay behind; migration 009 checks the same at commit.
import type { BillType } from "../../../protocol/ledger";
import type { Queryable } from "../../db/db";
import { postTransaction, type Bucket, type Leg, type Posted } from "../ledger/post-transaction";
import { freeze, returnReservation } from "../ledger/operations";
import type { Exchange, Side } from "../../../protocol/spot-rules";

export const SPOT_REF_KIND = "spot-order";

export interface SpotMovement extends Exchange {
  userId: string;
  orderId: string;
  base: string;
  side: Side;
  /** Base units. */
  number: bigint;
}

const ref = (orderId: string) => ({ kind: SPOT_REF_KIND, id: orderId });

/** Leg makers for one order: the user's (with a bill when it has a type), the broker's, fees'. */
function legsOf(m: SpotMovement) {
  const bill = { ref: ref(m.orderId) };
  return {
    user: (asset: string, bucket: Bucket, amount: bigint, type?: BillType): Leg => ({
      account: { userId: m.userId, asset },
      bucket,
      amount,
      ...(type === undefined ? {} : { bill: { ...bill, type } }),
    }),
    broker: (asset: string, amount: bigint): Leg => ({
      account: { system: "broker", asset },
      bucket: "available",
      amount,
    }),
    /** The fee to "fees", and the user leg that pays it when that is a leg of its own. */
    fee: (payer?: Leg): Leg[] =>
      m.fee > 0n
        ? [
            ...(payer ? [payer] : []),
            { account: { system: "fees", asset: "USDT" }, bucket: "available", amount: m.fee },
          ]
        : [],
  };
}

/** A market order's fill: everything from and to available, in one transaction. */
export function postMarketFill(tx: Queryable, m: SpotMovement): Promise<Posted> {
  const { user, broker, fee } = legsOf(m);
  const legs =
    m.side === "buy"
      ? [
          user("USDT", "available", -(m.notional + m.fee), 316),
          broker("USDT", m.notional),
          ...fee(),
          broker(m.base, -m.number),
          user(m.base, "available", m.number, 318),
        ]
      : [
          user(m.base, "available", -m.number, 321),
          broker(m.base, m.number),
          broker("USDT", -m.notional),
          user("USDT", "available", m.notional - m.fee, 323),
          ...fee(),
        ];
  return postTransaction(tx, {
    kind: `spot-market-${m.side}`,
    reference: `spot order ${m.orderId}`,
    legs,
  });
}

/** A limit order's reservation: 315 (USDT) for a buy, 320 (base coin) for a sell. */
export function freezeLimit(
  tx: Queryable,
  o: { userId: string; orderId: string; side: Side; asset: string; amount: bigint },
): Promise<Posted> {
  return freeze(tx, {
    kind: "spot-limit-freeze",
    reference: `spot order ${o.orderId}`,
    ref: ref(o.orderId),
    userId: o.userId,
    asset: o.asset,
    amount: o.amount,
    billType: o.side === "buy" ? 315 : 320,
  });
}

/** A resting limit order's fill at its price; ends the reservation, which must be exactly it. */
export function postLimitFill(
  tx: Queryable,
  m: SpotMovement & { reservationId: string },
): Promise<Posted> {
  const { user, broker, fee } = legsOf(m);
  const legs =
    m.side === "buy"
      ? [
          user("USDT", "frozen", -m.notional, 316),
          broker("USDT", m.notional),
          ...fee(user("USDT", "frozen", -m.fee, 325)),
          broker(m.base, -m.number),
          user(m.base, "available", m.number, 319),
        ]
      : [
          user(m.base, "frozen", -m.number, 321),
          broker(m.base, m.number),
          broker("USDT", -m.notional),
          user("USDT", "available", m.notional, 324),
          ...fee(user("USDT", "available", -m.fee, 325)),
        ];
  return postTransaction(tx, {
    kind: `spot-limit-${m.side}`,
    reference: `spot order ${m.orderId}`,
    legs,
    ends: { reservationId: m.reservationId, outcome: "deducted" },
  });
}

/** A cancel: the whole reservation back to available (317 buy, 322 sell). */
export function returnLimit(
  tx: Queryable,
  o: { orderId: string; side: Side; reservationId: string },
): Promise<Posted> {
  return returnReservation(tx, {
    kind: "spot-limit-cancel",
    reference: `spot order ${o.orderId} cancelled`,
    ref: ref(o.orderId),
    reservationId: o.reservationId,
    billType: o.side === "buy" ? 317 : 322,
  });
}
