// The hash chain over ledger transactions (tamper evidence). The serialisation is part of the
// ledger's contract — ledger:check and any outside auditor recompute it — so it never changes
// silently; a new format would get a new version tag.
//
//   hash = lowercase hex sha256 of the UTF-8 JSON text of
//     ["quanta-ledger-v1", id, prevHash, kind, reference, createdAt,
//      [[leg, accountId, asset, bucket, amount], ...legs in leg order]]
//
// id is the transaction's sequence number in the chain (ledger_chain.seq, 1, 2, 3… with no gaps,
// given when it is sealed; for transactions posted before migration 008 it is also their id).
// id, accountId and amount are decimal strings (amount signed, in units), leg a number,
// createdAt ISO-8601 UTC with milliseconds ("2026-01-02T03:04:05.678Z"), prevHash the previous
// transaction's hash or 64 zeros for transaction 1. JSON.stringify of this array has no
// whitespace and no key order to disagree on, so the bytes are unambiguous.
import { createHash } from "node:crypto";

export const GENESIS_HASH = "0".repeat(64);
const VERSION = "quanta-ledger-v1";

export interface HashedLeg {
  leg: number;
  accountId: string;
  asset: string;
  bucket: "available" | "frozen";
  amount: bigint;
}

export interface HashedTransaction {
  id: string;
  prevHash: string;
  kind: string;
  reference: string;
  createdAtMs: string;
  legs: readonly HashedLeg[];
}

export function canonicalTransaction(t: HashedTransaction): string {
  const legs = [...t.legs]
    .sort((a, b) => a.leg - b.leg)
    .map((l) => [l.leg, l.accountId, l.asset, l.bucket, l.amount.toString()]);
  const createdAt = new Date(Number(t.createdAtMs)).toISOString();
  return JSON.stringify([VERSION, t.id, t.prevHash, t.kind, t.reference, createdAt, legs]);
}

export function transactionHash(t: HashedTransaction): string {
  return createHash("sha256").update(canonicalTransaction(t), "utf8").digest("hex");
}
