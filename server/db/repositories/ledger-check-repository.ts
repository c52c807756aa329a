// The queries behind ledger:check (domain/ledger/check-ledger.ts). Each answers the rows that
// break one invariant, at most `limit` of them, so a badly broken ledger still gives a readable
// report. Run them inside one REPEATABLE READ transaction: one snapshot for every check.
// System accounts hold their sealed entries; the unsealed ones are added where sums are compared.
import type { Queryable } from "../db";

/**
 * The system legs of committed transactions the sealer has not reached: a system account's
 * balance holds only its sealed entries (migration 008), so these complete the books.
 */
const UNSEALED_SYSTEM_LEGS = `
  SELECT e.account_id, a.asset, e.amount
    FROM ledger_unsealed u
    JOIN ledger_entries e ON e.transaction_id = u.transaction_id
    JOIN ledger_accounts a ON a.id = e.account_id
   WHERE a.system IS NOT NULL`;

export async function assetSumViolations(db: Queryable, limit: number) {
  return db.query<{ asset: string; total: string }>(
    `SELECT asset, sum(total)::text AS total
       FROM (SELECT asset, available + frozen AS total FROM ledger_accounts
             UNION ALL SELECT asset, amount FROM (${UNSEALED_SYSTEM_LEGS}) l) t
      GROUP BY asset HAVING sum(total) <> 0 ORDER BY asset LIMIT $1`,
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
    `SELECT a.id, (a.available + coalesce(u.amount, 0))::text AS available, a.frozen::text,
            coalesce(e.available, 0)::text AS entries_available,
            coalesce(e.frozen, 0)::text AS entries_frozen
       FROM ledger_accounts a
       LEFT JOIN (SELECT account_id,
                         sum(amount) FILTER (WHERE bucket = 'available') AS available,
                         sum(amount) FILTER (WHERE bucket = 'frozen') AS frozen
                    FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
       LEFT JOIN (SELECT account_id, sum(amount) AS amount FROM (${UNSEALED_SYSTEM_LEGS}) l
                   GROUP BY account_id) u ON u.account_id = a.id
      WHERE a.available + coalesce(u.amount, 0) <> coalesce(e.available, 0)
         OR a.frozen <> coalesce(e.frozen, 0)
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

/** The chain's extent, its head row, and how many transactions are unsealed or misplaced. */
export async function chainRange(db: Queryable) {
  const [row] = await db.query<{
    transactions: string;
    count: string;
    min: string | null;
    max: string | null;
    unsealed: string;
    unplaced: string;
    double_placed: string;
    orphan_links: string;
  }>(
    `SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
            count(*)::text AS count, min(seq)::text AS min, max(seq)::text AS max,
            (SELECT count(*) FROM ledger_unsealed)::text AS unsealed,
            (SELECT count(*) FROM ledger_transactions t
              WHERE NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.transaction_id = t.id)
                AND NOT EXISTS (SELECT 1 FROM ledger_unsealed u WHERE u.transaction_id = t.id)
            )::text AS unplaced,
            (SELECT count(*) FROM ledger_unsealed u
              WHERE EXISTS (SELECT 1 FROM ledger_chain c WHERE c.transaction_id = u.transaction_id)
            )::text AS double_placed,
            (SELECT count(*) FROM ledger_chain c
              WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = c.transaction_id)
            )::text AS orphan_links
       FROM ledger_chain`,
  );
  const [head] = await db.query<{ last_seq: string; last_hash: string }>(
    "SELECT last_seq::text, last_hash FROM ledger_head WHERE only_row",
  );
  return {
    transactions: row?.transactions ?? "0",
    count: row?.count ?? "0",
    min: row?.min ?? null,
    max: row?.max ?? null,
    unsealed: row?.unsealed ?? "0",
    unplaced: row?.unplaced ?? "0",
    doublePlaced: row?.double_placed ?? "0",
    orphanLinks: row?.orphan_links ?? "0",
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
  seq: string;
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

/** The next `limit` links after sequence number `after`, with their transactions' legs. */
export async function chainPage(db: Queryable, after: string, limit: number) {
  // Ordered by the bigint column (c.seq), never by the text alias: "10" sorts before "9".
  const transactions = await db.query<ChainTransaction>(
    `SELECT c.seq::text AS seq, t.id::text AS id, t.kind, t.reference,
            (extract(epoch FROM t.created_at) * 1000)::int8 AS created_at_ms, c.prev_hash, c.hash
       FROM ledger_chain c JOIN ledger_transactions t ON t.id = c.transaction_id
      WHERE c.seq > $1 ORDER BY c.seq LIMIT $2`,
    [after, limit],
  );
  const last = transactions.at(-1);
  if (last === undefined) return { transactions, legs: [] as ChainLeg[] };
  const legs = await db.query<ChainLeg>(
    `SELECT e.transaction_id::text AS transaction_id, e.leg, e.account_id::text AS account_id,
            a.asset, e.bucket, e.amount::text AS amount
       FROM ledger_chain c
       JOIN ledger_entries e ON e.transaction_id = c.transaction_id
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE c.seq > $1 AND c.seq <= $2
      ORDER BY e.transaction_id, e.leg`,
    [after, last.seq],
  );
  return { transactions, legs };
}

export async function countAccounts(db: Queryable): Promise<string> {
  const [row] = await db.query<{ count: string }>(
    "SELECT count(*)::text AS count FROM ledger_accounts",
  );
  return row?.count ?? "0";
}
