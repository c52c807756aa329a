// The queries behind ledger:check (domain/ledger/check-ledger.ts). Each answers the rows that
// break one invariant, at most `limit` of them, so a badly broken ledger still gives a readable
// report. Run them inside one REPEATABLE READ transaction: one snapshot for every check.
import type { Queryable } from "../db";

export async function assetSumViolations(db: Queryable, limit: number) {
  return db.query<{ asset: string; total: string }>(
    `SELECT asset, sum(available + frozen)::text AS total FROM ledger_accounts
      GROUP BY asset HAVING sum(available + frozen) <> 0 ORDER BY asset LIMIT $1`,
    [limit],
  );
}

export async function entrySumViolations(db: Queryable, limit: number) {
  return db.query<{
    id: string;
    available: string;
    frozen: string;
    entries_available: string;
    entries_frozen: string;
  }>(
    `SELECT a.id, a.available::text, a.frozen::text,
            coalesce(e.available, 0)::text AS entries_available,
            coalesce(e.frozen, 0)::text AS entries_frozen
       FROM ledger_accounts a
       LEFT JOIN (SELECT account_id,
                         sum(amount) FILTER (WHERE bucket = 'available') AS available,
                         sum(amount) FILTER (WHERE bucket = 'frozen') AS frozen
                    FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
      WHERE a.available <> coalesce(e.available, 0) OR a.frozen <> coalesce(e.frozen, 0)
      ORDER BY a.id LIMIT $1`,
    [limit],
  );
}

export async function negativeBalanceViolations(db: Queryable, limit: number) {
  return db.query<{ id: string; system: string | null; available: string; frozen: string }>(
    `SELECT id, system, available::text, frozen::text FROM ledger_accounts
      WHERE (user_id IS NOT NULL AND (available < 0 OR frozen < 0))
         OR (system IS NOT NULL AND frozen <> 0)
      ORDER BY id LIMIT $1`,
    [limit],
  );
}

export async function reservationViolations(db: Queryable, limit: number) {
  return db.query<{ id: string; frozen: string; open: string }>(
    `SELECT a.id, a.frozen::text, coalesce(r.open, 0)::text AS open
       FROM ledger_accounts a
       LEFT JOIN (SELECT r.account_id, sum(r.amount) AS open
                    FROM ledger_reservations r
                   WHERE NOT EXISTS (SELECT 1 FROM ledger_reservation_ends e
                                      WHERE e.reservation_id = r.id)
                   GROUP BY r.account_id) r ON r.account_id = a.id
      WHERE a.frozen <> coalesce(r.open, 0)
      ORDER BY a.id LIMIT $1`,
    [limit],
  );
}

export async function transactionIdRange(db: Queryable) {
  const [row] = await db.query<{ count: string; min: string | null; max: string | null }>(
    "SELECT count(*)::text AS count, min(id)::text AS min, max(id)::text AS max FROM ledger_transactions",
  );
  const [head] = await db.query<{ last_id: string; last_hash: string }>(
    "SELECT last_id::text, last_hash FROM ledger_head WHERE only_row",
  );
  return {
    count: row?.count ?? "0",
    min: row?.min ?? null,
    max: row?.max ?? null,
    head: head ?? null,
  };
}

/** Transactions whose legs do not sum to zero in some asset, or that have no legs. */
export async function unbalancedTransactions(db: Queryable, limit: number) {
  return db.query<{ id: string; asset: string | null; total: string | null }>(
    `SELECT t.id, s.asset, s.total::text FROM ledger_transactions t
       LEFT JOIN (SELECT e.transaction_id, a.asset, sum(e.amount) AS total
                    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                   GROUP BY e.transaction_id, a.asset) s ON s.transaction_id = t.id
      WHERE s.transaction_id IS NULL OR s.total <> 0
      ORDER BY t.id LIMIT $1`,
    [limit],
  );
}

/** Bills that no longer say what their leg did (amount, owner or asset). */
export async function billViolations(db: Queryable, limit: number) {
  return db.query<{ id: string }>(
    `SELECT b.id FROM bills b
       JOIN ledger_entries e ON e.transaction_id = b.transaction_id AND e.leg = b.leg
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE b.amount <> e.amount OR a.user_id IS DISTINCT FROM b.user_id OR a.asset <> b.asset
      ORDER BY b.id LIMIT $1`,
    [limit],
  );
}

export interface ChainTransaction {
  id: string;
  kind: string;
  reference: string;
  created_at_ms: string;
  prev_hash: string;
  hash: string;
}

export interface ChainLeg {
  transaction_id: string;
  leg: number;
  account_id: string;
  asset: string;
  bucket: "available" | "frozen";
  amount: string;
}

/** The next `limit` transactions after id `after`, with their legs, for recomputing hashes. */
export async function chainPage(db: Queryable, after: string, limit: number) {
  // Ordered by the bigint column (t.id), never by the text alias: "10" sorts before "9".
  const transactions = await db.query<ChainTransaction>(
    `SELECT t.id::text AS id, t.kind, t.reference,
            (extract(epoch FROM t.created_at) * 1000)::int8 AS created_at_ms, t.prev_hash, t.hash
       FROM ledger_transactions t WHERE t.id > $1 ORDER BY t.id LIMIT $2`,
    [after, limit],
  );
  const last = transactions.at(-1);
  if (last === undefined) return { transactions, legs: [] as ChainLeg[] };
  const legs = await db.query<ChainLeg>(
    `SELECT e.transaction_id::text AS transaction_id, e.leg, e.account_id::text AS account_id,
            a.asset, e.bucket, e.amount::text AS amount
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.transaction_id > $1 AND e.transaction_id <= $2
      ORDER BY e.transaction_id, e.leg`,
    [after, last.id],
  );
  return { transactions, legs };
}

export async function countAccounts(db: Queryable): Promise<string> {
  const [row] = await db.query<{ count: string }>(
    "SELECT count(*)::text AS count FROM ledger_accounts",
  );
  return row?.count ?? "0";
}
