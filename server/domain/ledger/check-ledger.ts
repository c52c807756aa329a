// ledger:check (npm run ledger:check, GET /admin/ledger/check): verifies every invariant of
// DESIGN §5 and the hash chain from the stored rows alone, in one snapshot. A violation means
// the ledger was edited outside this code (or this code has a bug); the report says where.
// It seals what is committed first (seal-ledger.ts), so the chain it verifies covers everything
// posted before the check began; what commits during the check is checked as the unsealed tail.
import type { LedgerCheckReport } from "../../../protocol/ledger";
import type { Db, Queryable } from "../../db/db";
import {
  assetSumViolations,
  billViolations,
  chainPage,
  countAccounts,
  entrySumViolations,
  negativeBalanceViolations,
  reservationViolations,
  chainRange,
  unbalancedTransactions,
  type ChainLeg,
} from "../../db/repositories/ledger-check-repository";
import { sealAll } from "./seal-ledger";
import { GENESIS_HASH, transactionHash } from "./transaction-hash";

/** Most violations listed per invariant; the rest would not make the report more useful. */
const LIMIT = 50;
const CHAIN_PAGE = 1000;

/** `sealFirst: false` checks the ledger as it stands, unsealed tail and all (tests). */
export async function checkLedger(
  db: Db,
  options: { sealFirst?: boolean } = {},
): Promise<LedgerCheckReport> {
  if (options.sealFirst !== false) await sealAll(db);
  return db.transaction(async (tx) => {
    // One snapshot: money moving while we read must not show up as a violation.
    await tx.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const violations: string[] = [];
    for (const r of await assetSumViolations(tx, LIMIT)) {
      violations.push(`asset ${r.asset}: all accounts sum to ${r.total} units, not 0`);
    }
    for (const r of await entrySumViolations(tx, LIMIT)) {
      violations.push(
        `account ${r.id}: balance available ${r.available} / frozen ${r.frozen} but its entries ` +
          `sum to ${r.entries_available} / ${r.entries_frozen}`,
      );
    }
    for (const r of await negativeBalanceViolations(tx, LIMIT)) {
      violations.push(
        r.system === null
          ? `account ${r.id}: negative balance (available ${r.available}, frozen ${r.frozen})`
          : `system account ${r.id} (${r.system}): frozen ${r.frozen}, must be 0`,
      );
    }
    for (const r of await reservationViolations(tx, LIMIT)) {
      violations.push(`account ${r.id}: frozen ${r.frozen} but open reservations sum to ${r.open}`);
    }
    for (const r of await unbalancedTransactions(tx, LIMIT)) {
      violations.push(
        r.asset === null
          ? `transaction ${r.id}: has no legs`
          : `transaction ${r.id}: legs in ${r.asset} sum to ${r.total}, not 0`,
      );
    }
    for (const r of await billViolations(tx, LIMIT)) {
      violations.push(`bill ${r.id}: does not match its ledger leg`);
    }
    const range = await chainRange(tx);
    violations.push(...chainRangeViolations(range));
    violations.push(...(await chainViolations(tx, range.head?.last_hash ?? null)));
    return {
      ok: violations.length === 0,
      transactions: range.transactions,
      accounts: await countAccounts(tx),
      violations,
      checkedAt: new Date().toISOString(),
    };
  });
}

function chainRangeViolations(range: Awaited<ReturnType<typeof chainRange>>): string[] {
  const out: string[] = [];
  const count = BigInt(range.count);
  const max = BigInt(range.max ?? "0");
  if (count > 0n && (range.min !== "1" || max !== count)) {
    out.push(
      `the chain has gaps: ${count} links with sequence numbers ${range.min ?? "-"}..${max}`,
    );
  }
  if (range.unplaced !== "0") {
    out.push(`${range.unplaced} transactions are neither in the chain nor waiting to be sealed`);
  }
  if (range.doublePlaced !== "0") {
    out.push(`${range.doublePlaced} transactions are in the chain and still waiting to be sealed`);
  }
  if (range.orphanLinks !== "0") {
    out.push(`${range.orphanLinks} links of the chain name a transaction that does not exist`);
  }
  if (range.head === null) out.push("ledger_head has no row");
  else if (BigInt(range.head.last_seq) !== max) {
    out.push(`ledger head says ${range.head.last_seq} links, the newest is ${max}`);
  }
  return out;
}

/** Recomputes every hash in chain order; each must match, and chain to its predecessor's. */
async function chainViolations(tx: Queryable, headHash: string | null): Promise<string[]> {
  const out: string[] = [];
  let after = "0";
  let prevHash = GENESIS_HASH;
  for (;;) {
    const { transactions, legs } = await chainPage(tx, after, CHAIN_PAGE);
    if (transactions.length === 0) break;
    const byTransaction = groupLegs(legs);
    for (const t of transactions) {
      if (t.prev_hash !== prevHash && out.length < LIMIT) {
        out.push(
          `transaction ${t.id}: prev_hash does not match the hash of the transaction before it`,
        );
      }
      const recomputed = transactionHash({
        id: t.seq,
        prevHash: t.prev_hash,
        kind: t.kind,
        reference: t.reference,
        createdAtMs: t.created_at_ms,
        legs: (byTransaction.get(t.id) ?? []).map((l) => ({
          leg: l.leg,
          accountId: l.account_id,
          asset: l.asset,
          bucket: l.bucket,
          amount: BigInt(l.amount),
        })),
      });
      if (recomputed !== t.hash && out.length < LIMIT) {
        out.push(`transaction ${t.id}: hash does not match its contents (altered after posting)`);
      }
      prevHash = t.hash;
      after = t.seq;
    }
  }
  if (headHash !== null && headHash !== prevHash) {
    out.push("ledger head hash does not match the newest transaction's hash");
  }
  return out;
}

function groupLegs(legs: readonly ChainLeg[]): Map<string, ChainLeg[]> {
  const map = new Map<string, ChainLeg[]>();
  for (const leg of legs) {
    const list = map.get(leg.transaction_id) ?? [];
    list.push(leg);
    map.set(leg.transaction_id, list);
  }
  return map;
}
