// The one way money moves: a balanced set of legs posted as one ledger transaction inside the
// caller's database transaction. Lock order (domain/ledger/README.md): the users' change-log
// heads, then the touched user accounts in id order; nothing global, so postings of different
// users commit side by side, and the sealer chains them afterwards (seal-ledger.ts). Every check
// happens before the first write, so a refused posting changes nothing even if the caller
// catches the error.
import type { Bill, BillType } from "../../../protocol/ledger";
import type { Queryable } from "../../db/db";
import { lockChangeHead, lockChangeHeads } from "../../db/repositories/change-log-repository";
import {
  ensureSystemAccount,
  ensureUserAccount,
  lockAccountsOf,
  type AccountOwners,
  type LockedAccountRow,
  type SystemAccount,
} from "../../db/repositories/ledger-account-repository";
import { reservationHasEnded } from "../../db/repositories/ledger-posting-repository";
import { writePosting, type PostingWrite } from "../../db/repositories/ledger-write-repository";
import { formatUnits } from "../../../protocol/decimal";
import { startChangeLog } from "../sync/baseline";
import { toBill } from "./bill-view";
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
  bills: Bill[];
  reservationId: string | null;
}

export async function postTransaction(tx: Queryable, posting: Posting): Promise<Posted> {
  assertBalanced(posting);
  const userIds = [
    ...new Set(posting.legs.flatMap((l) => ("userId" in l.account ? [l.account.userId] : []))),
  ].sort(compareIds);
  // Many users' legs (a batch of settlements): one statement when every user has a log.
  const headsLocked = userIds.length > 1 && (await lockChangeHeads(tx, userIds));
  for (const userId of headsLocked ? [] : userIds) {
    // A bill is a change-log entry; taking the user's head first keeps one lock order for every
    // transaction that both records changes and moves money. A user without a log (no head row
    // to lock) gets the baseline first, as recordPut would write it.
    if (await lockChangeHead(tx, userId)) continue;
    await startChangeLog(tx, userId);
    await lockChangeHead(tx, userId);
  }
  const { accounts, transactionId: id } = await lockPostingAccounts(tx, posting);
  const accountIds = posting.legs.map((leg) => accountOf(accounts, leg.account).id);
  // A reservation that ended meanwhile also leaves frozen short, so its 409 must come first.
  if (posting.ends && (await reservationHasEnded(tx, posting.ends.reservationId))) {
    throw new ReservationEndedError(posting.ends.reservationId);
  }
  const balances = nextBalances(accounts, posting.legs, accountIds);
  const createdAtMs = Date.now().toString();
  const bills = billsOf(posting, accounts, balances, id, createdAtMs);
  const written = await writePosting(tx, {
    transaction: { id, kind: posting.kind, reference: posting.reference, createdAtMs },
    legs: posting.legs.map((leg, index) => ({
      leg: index,
      accountId: accountIds[index] ?? "",
      bucket: leg.bucket,
      amount: leg.amount.toString(),
    })),
    // System balances are the sealer's to write (migration 008).
    balances: [...balances].flatMap(([accountId, b]) =>
      isSystemAccount(accounts, accountId)
        ? []
        : [
            {
              accountId,
              available: b.available.toString(),
              frozen: b.frozen.toString(),
            },
          ],
    ),
    opens: posting.opens
      ? {
          accountId: accountOf(accounts, posting.opens.account).id,
          amount: posting.opens.amount.toString(),
        }
      : null,
    ends: posting.ends ?? null,
    bills: bills.map((b) => ({ ...b.insert, data: b.bill })),
  });
  return {
    transactionId: id,
    bills: written.bills.map((row) => {
      const bill = bills.find((b) => b.insert.leg === row.leg)?.bill;
      // The statement stored { ...bill, id } in the change log; it must be what we answer.
      if (bill === undefined || row.createdAtMs !== createdAtMs) {
        throw new Error(`posting ${id}: bill of leg ${row.leg} does not match what was written`);
      }
      return { ...bill, id: row.id };
    }),
    reservationId: written.reservationId,
  };
}

type LockedAccounts = Map<string, LockedAccountRow>;

function ownerKey(ref: AccountRef): string {
  return "userId" in ref ? `u:${ref.userId}:${ref.asset}` : `s:${ref.system}:${ref.asset}`;
}

function accountOf(accounts: LockedAccounts, ref: AccountRef): LockedAccountRow {
  const row = accounts.get(ownerKey(ref));
  if (row === undefined) throw new Error(`account ${ownerKey(ref)} was not locked`);
  return row;
}

/**
 * Every account the posting names (each once), locked in id order in one statement. The first
 * posting of an owner in an asset finds it missing: it is created (no account lock held yet,
 * so waiting on a concurrent creator is safe) and the lock is asked again.
 */
async function lockPostingAccounts(
  tx: Queryable,
  posting: Posting,
): Promise<{ accounts: LockedAccounts; transactionId: string }> {
  const refs = new Map<string, AccountRef>();
  for (const ref of [...posting.legs.map((l) => l.account), posting.opens?.account]) {
    if (ref !== undefined) refs.set(ownerKey(ref), ref);
  }
  const all = [...refs.values()];
  const owners: AccountOwners = {
    users: all.flatMap((ref) => ("userId" in ref ? [ref] : [])),
    systems: all.flatMap((ref) => ("system" in ref ? [ref] : [])),
  };
  let locked = await lockAccountsOf(tx, owners);
  if (locked === null) {
    for (const ref of refs.values()) {
      if ("userId" in ref) await ensureUserAccount(tx, ref.userId, ref.asset);
      else await ensureSystemAccount(tx, ref.system, ref.asset);
    }
    locked = await lockAccountsOf(tx, owners);
    if (locked === null) throw new Error(`${posting.kind}: accounts missing after creating them`);
  }
  const accounts = new Map(
    locked.rows.map((row) => [
      row.user_id === null ? `s:${row.system ?? ""}:${row.asset}` : `u:${row.user_id}:${row.asset}`,
      row,
    ]),
  );
  return { accounts, transactionId: locked.transactionId };
}

function isSystemAccount(accounts: LockedAccounts, accountId: string): boolean {
  return [...accounts.values()].some((row) => row.id === accountId && row.system !== null);
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

interface Balance {
  available: bigint;
  frozen: bigint;
}

/** Balances after the legs; refuses (before any write) what would take a user below zero. */
function nextBalances(
  accounts: LockedAccounts,
  legs: readonly Leg[],
  accountIds: readonly string[],
): Map<string, Balance> {
  const locked = new Map([...accounts.values()].map((row) => [row.id, row]));
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
    if (b.available < 0n && row !== undefined) {
      const available = BigInt(row.available);
      throw new InsufficientBalanceError({
        asset: row.asset,
        available: formatUnits(available, row.scale),
        needed: formatUnits(available - b.available, row.scale),
      });
    }
    // Frozen only ever falls by a reservation's amount; below zero is a bug, not a user error.
    if (b.frozen < 0n) throw new Error(`account ${id} would have negative frozen funds`);
  }
  return next;
}

/** The posting's bills (in leg order) as inserted and as the API shows them, id still unknown. */
function billsOf(
  posting: Posting,
  accounts: LockedAccounts,
  balances: Map<string, Balance>,
  transactionId: string,
  createdAtMs: string,
): { insert: Omit<PostingWrite["bills"][number], "data">; bill: Bill }[] {
  return posting.legs.flatMap((leg, index) => {
    if (!leg.bill || !("userId" in leg.account)) return [];
    const account = accountOf(accounts, leg.account);
    const ref = leg.bill.ref ?? { kind: posting.kind, id: transactionId };
    const insert = {
      userId: leg.account.userId,
      type: leg.bill.type,
      asset: account.asset,
      amount: leg.amount.toString(),
      balanceAfter: (balances.get(account.id)?.available ?? 0n).toString(),
      refKind: ref.kind,
      refId: ref.id,
      leg: index,
    };
    const bill = toBill({
      id: "0",
      user_id: insert.userId,
      type: insert.type,
      asset: insert.asset,
      scale: account.scale,
      amount: insert.amount,
      balance_after: insert.balanceAfter,
      ref_kind: insert.refKind,
      ref_id: insert.refId,
      created_at_ms: createdAtMs,
    });
    return [{ insert, bill }];
  });
}

function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
