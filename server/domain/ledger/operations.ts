// The ledger's operations (DESIGN §5), each one posting inside the caller's transaction:
//   credit  system -> user available        (e.g. 101 recharge, 106 demo funds)
//   debit   user available -> system (+fee) (e.g. a purchase)
//   freeze  user available -> user frozen   opens a reservation (pending; 103, 201, 315, ...)
//   deduct  user frozen -> system (+fee)    ends it "deducted" (post; 203 + 205, ...)
//   return  user frozen -> user available   ends it "returned" (void; 204, 317, ...)
// Amounts are positive units; a fee is part of what leaves the user, never on top of a deduct.
import type { BillType } from "../../../protocol/ledger";
import type { Queryable } from "../../db/db";
import type { SystemAccount } from "../../db/repositories/ledger-account-repository";
import { findReservation } from "../../db/repositories/ledger-posting-repository";
import { invalid, refusal } from "../errors";
import { ReservationEndedError } from "./ledger-errors";
import { postTransaction, type Leg, type Posted } from "./post-transaction";

interface Common {
  /** Transaction kind, e.g. "demo-credit"; bills refer to it unless `ref` is given. */
  kind: string;
  reference: string;
  ref?: { kind: string; id: string };
}

interface UserAmount extends Common {
  userId: string;
  asset: string;
  amount: bigint;
  billType: BillType;
}

export interface Fee {
  amount: bigint;
  billType: BillType;
}

export function credit(tx: Queryable, op: UserAmount & { from: SystemAccount }): Promise<Posted> {
  positive(op.amount);
  const { userId, asset, amount } = op;
  return postTransaction(tx, {
    kind: op.kind,
    reference: op.reference,
    legs: [
      { account: { system: op.from, asset }, bucket: "available", amount: -amount },
      { account: { userId, asset }, bucket: "available", amount, bill: bill(op.billType, op) },
    ],
  });
}

/** `amount` goes to `to`, `fee` (if any) to fees; the user's available falls by both. */
export function debit(
  tx: Queryable,
  op: UserAmount & { to: SystemAccount; fee?: Fee },
): Promise<Posted> {
  positive(op.amount);
  const { userId, asset, amount } = op;
  const legs: Leg[] = [
    {
      account: { userId, asset },
      bucket: "available",
      amount: -amount,
      bill: bill(op.billType, op),
    },
    { account: { system: op.to, asset }, bucket: "available", amount },
  ];
  if (op.fee && op.fee.amount > 0n) {
    legs.push(
      {
        account: { userId, asset },
        bucket: "available",
        amount: -op.fee.amount,
        bill: bill(op.fee.billType, op),
      },
      { account: { system: "fees", asset }, bucket: "available", amount: op.fee.amount },
    );
  }
  return postTransaction(tx, { kind: op.kind, reference: op.reference, legs });
}

/** Moves `amount` from available to frozen and opens a reservation over it. */
export function freeze(tx: Queryable, op: UserAmount): Promise<Posted> {
  positive(op.amount);
  const { userId, asset, amount } = op;
  const account = { userId, asset };
  return postTransaction(tx, {
    kind: op.kind,
    reference: op.reference,
    legs: [
      { account, bucket: "available", amount: -amount, bill: bill(op.billType, op) },
      { account, bucket: "frozen", amount },
    ],
    opens: { account, amount },
  });
}

/** Ends an open reservation by moving its whole amount out: `fee` to fees, the rest to `to`. */
export async function deduct(
  tx: Queryable,
  op: Common & { reservationId: string; to: SystemAccount; billType: BillType; fee?: Fee },
): Promise<Posted> {
  const r = await openReservationOf(tx, op.reservationId);
  const fee = op.fee?.amount ?? 0n;
  if (fee < 0n || fee > r.amount) throw new Error(`fee ${fee} outside reservation ${r.amount}`);
  const account = { userId: r.userId, asset: r.asset };
  const legs: Leg[] = [];
  const main = r.amount - fee;
  if (main > 0n) {
    legs.push(
      { account, bucket: "frozen", amount: -main, bill: bill(op.billType, op) },
      { account: { system: op.to, asset: r.asset }, bucket: "available", amount: main },
    );
  }
  if (op.fee && fee > 0n) {
    legs.push(
      { account, bucket: "frozen", amount: -fee, bill: bill(op.fee.billType, op) },
      { account: { system: "fees", asset: r.asset }, bucket: "available", amount: fee },
    );
  }
  return postTransaction(tx, {
    kind: op.kind,
    reference: op.reference,
    legs,
    ends: { reservationId: r.id, outcome: "deducted" },
  });
}

/** Ends an open reservation by giving its whole amount back to available. */
export async function returnReservation(
  tx: Queryable,
  op: Common & { reservationId: string; billType: BillType },
): Promise<Posted> {
  const r = await openReservationOf(tx, op.reservationId);
  const account = { userId: r.userId, asset: r.asset };
  return postTransaction(tx, {
    kind: op.kind,
    reference: op.reference,
    legs: [
      { account, bucket: "frozen", amount: -r.amount },
      { account, bucket: "available", amount: r.amount, bill: bill(op.billType, op) },
    ],
    ends: { reservationId: r.id, outcome: "returned" },
  });
}

function bill(type: BillType, op: Common): Leg["bill"] {
  return op.ref ? { type, ref: op.ref } : { type };
}

function positive(amount: bigint): void {
  if (amount <= 0n)
    throw invalid("amount", "positive", 'Invalid body: "amount" must be greater than 0');
}

/** A reservation's fixed facts; whether it is still open is re-checked under the account lock. */
async function openReservationOf(tx: Queryable, id: string) {
  const row = await findReservation(tx, id);
  if (row === null) throw refusal("NOT_FOUND", `No reservation ${id}`);
  if (row.outcome !== null) throw new ReservationEndedError(id);
  return { id: row.id, amount: BigInt(row.amount), userId: row.user_id, asset: row.asset };
}
