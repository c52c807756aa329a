// A whole posting in one statement: `ledger_post` (migration 018) locks the users' change-log
// heads and accounts in the one lock order, checks the reservation and the balances, and writes
// the transaction and its legs, its row in the sealer's queue, the users' balances, the
// reservation opened or ended, the bills and their change-log entries (domain/ledger/README.md).
// One round trip per posting; the change-log NOTIFYs follow the commit (db.ts `notify`).
import type { Bill } from "../../../protocol/ledger";
import type { Queryable } from "../db";
import { CHANGE_CHANNEL } from "./change-log-repository";

/** Leg values as the function takes them: ids and units as decimal strings. */
export interface PostingLegCall {
  /** A user leg names its user; a system leg its system account (the other one is null). */
  userId: string | null;
  system: string | null;
  asset: string;
  bucket: "available" | "frozen";
  /** Signed units. */
  amount: string;
  /** A bill of this type, or none. */
  billType: number | null;
  /** The bill's ref; null = the transaction kind and id. */
  ref: { kind: string; id: string } | null;
}

export interface PostingCall {
  kind: string;
  reference: string;
  /** The transaction's time, whole milliseconds since the epoch (the hash covers it). */
  createdAtMs: string;
  /** The legs' users, distinct, ascending (the order their change-log heads are locked in). */
  users: readonly string[];
  legs: readonly PostingLegCall[];
  opens: { userId: string | null; system: string | null; asset: string; amount: string } | null;
  ends: { reservationId: string; outcome: "deducted" | "returned" } | null;
}

export type PostingAnswer =
  | {
      status: "posted";
      transactionId: string;
      reservationId: string | null;
      /** As the API shows them and as the change log holds them, in leg order. */
      bills: Bill[];
    }
  /** These users have no change log yet; nothing was locked or written. */
  | { status: "no-log"; users: string[] }
  /** The reservation to end has ended; nothing was written. */
  | { status: "ended" }
  /** A user's available would fall below zero (units as decimal strings); nothing was written. */
  | { status: "insufficient"; asset: string; scale: number; available: string; needed: string };

type Answered =
  | Exclude<PostingAnswer, { status: "posted" }>
  | (Extract<PostingAnswer, { status: "posted" }> & { appended: string[] });

const POST = `SELECT ledger_post($1, $2, $3::bigint, $4::bigint[], $5::bigint[], $6::text[],
  $7::text[], $8::text[], $9::numeric[], $10::smallint[], $11::text[], $12::text[], $13::bigint,
  $14::text, $15::text, $16::numeric, $17::bigint, $18::text) AS answer`;

export async function postLedgerTransaction(
  tx: Queryable,
  call: PostingCall,
): Promise<PostingAnswer> {
  const { legs, opens, ends } = call;
  const [row] = await tx.query<{ answer: Answered }>(POST, [
    call.kind,
    call.reference,
    call.createdAtMs,
    [...call.users],
    legs.map((l) => l.userId),
    legs.map((l) => l.system),
    legs.map((l) => l.asset),
    legs.map((l) => l.bucket),
    legs.map((l) => l.amount),
    legs.map((l) => l.billType),
    legs.map((l) => l.ref?.kind ?? null),
    legs.map((l) => l.ref?.id ?? null),
    opens?.userId ?? null,
    opens?.system ?? null,
    opens?.asset ?? null,
    opens?.amount ?? null,
    ends?.reservationId ?? null,
    ends?.outcome ?? null,
  ]);
  if (row === undefined) throw new Error(`posting ${call.kind} answered nothing`);
  const answer = row.answer;
  if (answer.status !== "posted") return answer;
  if (answer.appended.length !== answer.bills.length) {
    throw new Error(
      `posting ${answer.transactionId}: ${answer.appended.length} change-log entries for ` +
        `${answer.bills.length} bills`,
    );
  }
  await tx.notify(CHANGE_CHANNEL, answer.appended);
  return {
    status: "posted",
    transactionId: answer.transactionId,
    reservationId: answer.reservationId,
    bills: answer.bills,
  };
}
