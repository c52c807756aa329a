// The one way money moves: a balanced set of legs posted as one ledger transaction inside the
// caller's database transaction, in one statement (`ledger_post`, migration 018). Lock order
// (domain/ledger/README.md): the users' change-log heads, then the touched user accounts in id
// order; nothing global, so postings of different users commit side by side, and the sealer
// chains them afterwards (seal-ledger.ts). Every check happens before the first write, and a
// refusal is an answer, not a database error, so a refused posting changes nothing and leaves
// the caller's transaction usable.
import type { Queryable } from "../../db/db";
import { lockChangeHead } from "../../db/repositories/change-log-repository";
import type { SystemAccount } from "../../db/repositories/ledger-account-repository";
import {
  postLedgerTransaction,
  type PostingAnswer,
  type PostingCall,
} from "../../db/repositories/ledger-post-repository";
import type { Bill, BillType } from "../../../protocol/ledger";
import { formatUnits } from "../../../protocol/decimal";
import { startChangeLog } from "../sync/baseline";
import { InsufficientBalanceError, ReservationEndedError } from "./ledger-errors";

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
  /** Unique, but not gap-free: the chain's sequence number comes when it is sealed. */
  transactionId: string;
  /** The posting's bills in leg order, as the API shows them and the change log holds them. */
  bills: Bill[];
  reservationId: string | null;
}

export async function postTransaction(tx: Queryable, posting: Posting): Promise<Posted> {
  assertBalanced(posting);
  const users = userIdsOf(posting);
  const call = postingCall(posting, users);
  let answer = await postLedgerTransaction(tx, call);
  if (answer.status === "no-log") {
    // A user without a change log gets the baseline first, as recordPut would write it, each
    // user in ascending id order under their head's lock; then the posting runs again.
    for (const userId of users) {
      if (await lockChangeHead(tx, userId)) continue;
      await startChangeLog(tx, userId);
      await lockChangeHead(tx, userId);
    }
    answer = await postLedgerTransaction(tx, call);
  }
  return postedOrRefused(posting, answer);
}

function postedOrRefused(posting: Posting, answer: PostingAnswer): Posted {
  switch (answer.status) {
    case "posted":
      return {
        transactionId: answer.transactionId,
        bills: answer.bills,
        reservationId: answer.reservationId,
      };
    case "insufficient":
      throw new InsufficientBalanceError({
        asset: answer.asset,
        available: formatUnits(BigInt(answer.available), answer.scale),
        needed: formatUnits(BigInt(answer.needed), answer.scale),
      });
    case "ended":
      throw new ReservationEndedError(posting.ends?.reservationId ?? "?");
    case "no-log":
      throw new Error(`${posting.kind}: users ${answer.users.join(", ")} still have no change log`);
  }
}

function postingCall(posting: Posting, users: readonly string[]): PostingCall {
  const owner = (ref: AccountRef) =>
    "userId" in ref
      ? { userId: ref.userId, system: null, asset: ref.asset }
      : { userId: null, system: ref.system, asset: ref.asset };
  return {
    kind: posting.kind,
    reference: posting.reference,
    createdAtMs: Date.now().toString(),
    users,
    legs: posting.legs.map((leg) => ({
      ...owner(leg.account),
      bucket: leg.bucket,
      amount: leg.amount.toString(),
      billType: leg.bill?.type ?? null,
      ref: leg.bill?.ref ?? null,
    })),
    opens: posting.opens
      ? { ...owner(posting.opens.account), amount: posting.opens.amount.toString() }
      : null,
    ends: posting.ends ?? null,
  };
}

function userIdsOf(posting: Posting): string[] {
  const ids = posting.legs.flatMap((l) => ("userId" in l.account ? [l.account.userId] : []));
  return [...new Set(ids)].sort(compareIds);
}

function assertBalanced(posting: Posting): void {
  if (posting.legs.length === 0) throw new Error(`${posting.kind}: a transaction needs legs`);
  const sums = new Map<string, bigint>();
  for (const leg of posting.legs) {
    if (leg.amount === 0n) throw new Error(`${posting.kind}: a leg of 0`);
    if (leg.bill && !("userId" in leg.account)) throw new Error("only user legs have bills");
    // A system account never holds frozen funds (migration 006's CHECK, applied by the sealer).
    if (!("userId" in leg.account) && leg.bucket !== "available") {
      throw new Error(`${posting.kind}: a system leg must be in available`);
    }
    sums.set(leg.account.asset, (sums.get(leg.account.asset) ?? 0n) + leg.amount);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new Error(`${posting.kind}: legs in ${asset} sum to ${sum}, not 0`);
  }
}

function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
