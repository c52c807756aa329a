// Sealing (migration 008, domain/ledger/seal-ledger.ts): committed transactions waiting in
// ledger_unsealed get their place in the chain, and the system accounts their balances, in one
// database transaction that holds ledger_head.
import type { Queryable } from "../db";

export interface ChainHead {
  last_seq: string;
  last_hash: string;
}

/** Whether anything waits to be sealed; no lock, so an idle sealer costs one cheap read. */
export async function hasUnsealed(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM ledger_unsealed) AS any",
  );
  return row?.any === true;
}

/** Locks the chain's head until commit: one sealer at a time, in any number of processes. */
export async function lockChainHead(tx: Queryable): Promise<ChainHead> {
  const [head] = await tx.query<ChainHead>(
    "SELECT last_seq::text, last_hash FROM ledger_head WHERE only_row FOR UPDATE",
  );
  if (head === undefined) throw new Error("ledger_head has no row (migration 006 not applied?)");
  return head;
}

export interface UnsealedTransaction {
  id: string;
  kind: string;
  reference: string;
  created_at_ms: string;
  legs: {
    leg: number;
    account_id: string;
    asset: string;
    bucket: "available" | "frozen";
    amount: string;
  }[];
}

/**
 * Up to `limit` committed, unsealed transactions with their legs, by id. Read after the head is
 * locked, so this statement's snapshot holds everything committed before this sealer got it.
 */
export async function readUnsealed(tx: Queryable, limit: number): Promise<UnsealedTransaction[]> {
  return tx.query<UnsealedTransaction>(
    `SELECT t.id::text AS id, t.kind, t.reference,
            (extract(epoch FROM t.created_at) * 1000)::int8::text AS created_at_ms,
            (SELECT json_agg(json_build_object('leg', e.leg, 'account_id', e.account_id::text,
                                               'asset', a.asset, 'bucket', e.bucket,
                                               'amount', e.amount::text) ORDER BY e.leg)
               FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
              WHERE e.transaction_id = t.id) AS legs
       FROM (SELECT transaction_id FROM ledger_unsealed ORDER BY transaction_id LIMIT $1) u
       JOIN ledger_transactions t ON t.id = u.transaction_id
      ORDER BY t.id`,
    [limit],
  );
}

export interface SealedLink {
  seq: string;
  transactionId: string;
  prevHash: string;
  hash: string;
}

/**
 * Appends the links, takes their transactions off the queue, adds their system legs to the
 * system accounts and moves the head on: one statement, so a batch is sealed whole or not at all.
 * Answers how many queue rows it removed (must be every link's).
 */
export async function writeSeal(tx: Queryable, links: readonly SealedLink[]): Promise<number> {
  const last = links.at(-1);
  if (last === undefined) return 0;
  const [row] = await tx.query<{ dequeued: string; head_moved: string }>(
    `WITH chain_rows AS (
       INSERT INTO ledger_chain (seq, transaction_id, prev_hash, hash)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[])
     ),
     dequeued AS (
       DELETE FROM ledger_unsealed WHERE transaction_id = ANY($2::bigint[]) RETURNING 1
     ),
     system_sums AS (
       SELECT e.account_id, sum(e.amount) AS amount
         FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE e.transaction_id = ANY($2::bigint[]) AND a.system IS NOT NULL
        GROUP BY e.account_id
     ),
     system_balances AS (
       UPDATE ledger_accounts a SET available = a.available + s.amount
         FROM system_sums s WHERE a.id = s.account_id
     ),
     head_moved AS (
       UPDATE ledger_head SET last_seq = $5::bigint, last_hash = $6
        WHERE only_row AND last_seq = $7::bigint RETURNING 1
     )
     SELECT (SELECT count(*) FROM dequeued)::text AS dequeued,
            (SELECT count(*) FROM head_moved)::text AS head_moved`,
    [
      links.map((l) => l.seq),
      links.map((l) => l.transactionId),
      links.map((l) => l.prevHash),
      links.map((l) => l.hash),
      last.seq,
      last.hash,
      (BigInt(last.seq) - BigInt(links.length)).toString(),
    ],
  );
  if (row?.head_moved !== "1") throw new Error("ledger head moved while sealing");
  return Number(row.dequeued);
}
