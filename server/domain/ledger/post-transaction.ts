// The one way money moves: a balanced set of legs posted as one ledger transaction inside the
// caller's database transaction. Lock order (domain/ledger/README.md): the users' change-log
// heads, then the touched accounts in id order, then the ledger head. Every check happens before
// the first write, so a refused posting changes nothing even if the caller catches the error.
import type { Bill, BillType } from "../../../protocol/ledger";
import type { Queryable } from "../../db/db";
import { insertBills } from "../../db/repositories/bill-repository";
import { lockChangeHead } from "../../db/repositories/change-log-repository";
import {
  ensureSystemAccount,
  ensureUserAccount,
  lockAccounts,
  setBalances,
  type AccountRow,
  type SystemAccount,
} from "../../db/repositories/ledger-account-repository";
import {
  endReservation,
  insertTransaction,
  lockLedgerHead,
  openReservation,
  reservationEnded,
} from "../../db/repositories/ledger-posting-repository";
import { recordPut } from "../sync/change-log";
import { startChangeLog } from "../sync/baseline";
import { toBill } from "./bill-view";
import { InsufficientBalanceError, ReservationEndedError } from "./ledger-errors";
import { transactionHash } from "./transaction-hash";

export type Bucket = "available" | "frozen";

export type AccountRef =
  { userId: string; asset: string } | { system: SystemAccount; asset: string };

export interface Leg {
  account: AccountRef;
  bucket: Bucket;
  /** Signed units; never 0. */
  amount: bigint;
  /** A user leg the user sees in their records. */
  bill?: { type: BillType; ref?: { kind: string; id: string } };
}

export interface Posting {
  /** What kind of movement, e.g. "demo-credit", "freeze"; also the default bill ref kind. */
  kind: string;
  /** Free text naming the cause (a request, an order id), 1-200 characters. */
  reference: string;
  legs: readonly Leg[];
  /** Opens a reservation over the user's frozen leg of this amount (a freeze). */
  opens?: { account: AccountRef; amount: bigint };
  /** Ends this open reservation (a deduct or a return). */
  ends?: { reservationId: string; outcome: "deducted" | "returned" };
}

export interface Posted {
  transactionId: string;
  hash: string;
  bills: Bill[];
  reservationId: string | null;
}

export async function postTransaction(tx: Queryable, posting: Posting): Promise<Posted> {
  assertBalanced(posting);
  const userIds = [
    ...new Set(posting.legs.flatMap((l) => ("userId" in l.account ? [l.account.userId] : []))),
  ].sort(compareIds);
  for (const userId of userIds) {
    // A bill is a change-log entry; taking the user's head first keeps one lock order for every
    // transaction that both records changes and moves money.
    await startChangeLog(tx, userId);
    await lockChangeHead(tx, userId);
  }
  const accountIds: string[] = [];
  for (const leg of posting.legs) accountIds.push(await resolveAccount(tx, leg.account));
  const locked = new Map((await lockAccounts(tx, [...new Set(accountIds)])).map((a) => [a.id, a]));
  if (posting.ends) await assertOpen(tx, posting.ends.reservationId);

  const balances = nextBalances(locked, posting.legs, accountIds);
  const head = await lockLedgerHead(tx);
  const id = (BigInt(head.last_id) + 1n).toString();
  const createdAtMs = Date.now().toString();
  const legs = posting.legs.map((leg, index) => ({
    leg: index,
    accountId: accountIds[index] ?? "",
    asset: leg.account.asset,
    bucket: leg.bucket,
    amount: leg.amount,
  }));
  const hash = transactionHash({
    id,
    prevHash: head.last_hash,
    kind: posting.kind,
    reference: posting.reference,
    createdAtMs,
    legs,
  });
  await insertTransaction(
    tx,
    {
      id,
      kind: posting.kind,
      reference: posting.reference,
      createdAtMs,
      prevHash: head.last_hash,
      hash,
    },
    legs.map((l) => ({ ...l, amount: l.amount.toString() })),
  );
  await setBalances(
    tx,
    [...balances].map(([accountId, b]) => ({
      accountId,
      available: b.available.toString(),
      frozen: b.frozen.toString(),
    })),
  );
  let reservationId: string | null = null;
  if (posting.opens) {
    const accountId = await resolveAccount(tx, posting.opens.account);
    reservationId = await openReservation(tx, accountId, posting.opens.amount.toString(), id);
  }
  if (posting.ends) {
    await endReservation(tx, posting.ends.reservationId, posting.ends.outcome, id);
  }
  const bills = await writeBills(tx, posting, legs, balances, id, createdAtMs);
  return { transactionId: id, hash, bills, reservationId };
}

function assertBalanced(posting: Posting): void {
  if (posting.legs.length === 0) throw new Error(`${posting.kind}: a transaction needs legs`);
  const sums = new Map<string, bigint>();
  for (const leg of posting.legs) {
    if (leg.amount === 0n) throw new Error(`${posting.kind}: a leg of 0`);
    if (leg.bill && !("userId" in leg.account)) throw new Error("only user legs have bills");
    sums.set(leg.account.asset, (sums.get(leg.account.asset) ?? 0n) + leg.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new Error(`${posting.kind}: legs in ${asset} sum to ${sum}, not 0`);
  }
}

function resolveAccount(tx: Queryable, ref: AccountRef): Promise<string> {
  return "userId" in ref
    ? ensureUserAccount(tx, ref.userId, ref.asset)
    : ensureSystemAccount(tx, ref.system, ref.asset);
}

async function assertOpen(tx: Queryable, reservationId: string): Promise<void> {
  // Read under the account lock the legs took: a concurrent end of the same reservation has
  // committed (we see it) or waits behind us (and will see ours).
  if (await reservationEnded(tx, reservationId)) throw new ReservationEndedError(reservationId);
}

interface Balance {
  available: bigint;
  frozen: bigint;
}

/** Balances after the legs; refuses (before any write) what would take a user below zero. */
function nextBalances(
  locked: Map<string, AccountRow>,
  legs: readonly Leg[],
  accountIds: readonly string[],
): Map<string, Balance> {
  const next = new Map<string, Balance>();
  legs.forEach((leg, index) => {
    const id = accountIds[index] ?? "";
    const row = locked.get(id);
    if (row === undefined) throw new Error(`account ${id} was not locked`);
    const b = next.get(id) ?? { available: BigInt(row.available), frozen: BigInt(row.frozen) };
    b[leg.bucket] += leg.amount;
    next.set(id, b);
  });
  for (const [id, b] of next) {
    const row = locked.get(id);
    if (row?.user_id == null) continue;
    if (b.available < 0n) throw new InsufficientBalanceError();
    // Frozen only ever falls by a reservation's amount; below zero is a bug, not a user error.
    if (b.frozen < 0n) throw new Error(`account ${id} would have negative frozen funds`);
  }
  return next;
}

async function writeBills(
  tx: Queryable,
  posting: Posting,
  legs: readonly { leg: number; accountId: string; asset: string; amount: bigint }[],
  balances: Map<string, Balance>,
  transactionId: string,
  createdAtMs: string,
): Promise<Bill[]> {
  const inserts = posting.legs.flatMap((leg, index) => {
    const written = legs[index];
    if (!leg.bill || !("userId" in leg.account) || written === undefined) return [];
    const ref = leg.bill.ref ?? { kind: posting.kind, id: transactionId };
    return [
      {
        userId: leg.account.userId,
        type: leg.bill.type,
        asset: written.asset,
        amount: written.amount.toString(),
        balanceAfter: (balances.get(written.accountId)?.available ?? 0n).toString(),
        refKind: ref.kind,
        refId: ref.id,
        transactionId,
        leg: written.leg,
        createdAtMs,
      },
    ];
  });
  const bills: Bill[] = [];
  for (const row of await insertBills(tx, inserts)) {
    const bill = toBill(row);
    await recordPut(tx, row.user_id, "bill", bill.id, bill);
    bills.push(bill);
  }
  return bills;
}

function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
