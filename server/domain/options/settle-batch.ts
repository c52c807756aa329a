// One database transaction settles a batch of options whose exit is known, each exactly once:
//   1. the users' change-log heads, ascending (the ledger's first lock; every posting and every
//      change-log put takes it first, so the batch cannot deadlock with a purchase);
//   2. the orders still open, FOR UPDATE SKIP LOCKED: one another settler holds is its to settle,
//      one settled meanwhile no longer matches `result IS NULL`;
//   3. per symbol, one range read of the recorded ticks covering the orders' windows;
//   4. the rule, settleOption (protocol/options.ts), for each order — nothing else decides;
//   5. one ledger posting for everything paid back (settlement-postings.ts), the settlement
//      columns in one statement, the entry and exit ticks kept against pruning, and each order's
//      change-log put in one statement.
// The schema backs this up: an order changes once, from open to settled (migration 015's trigger).
import { settleOption, type OptionSettlement } from "../../../protocol/options";
import type { Db, Queryable } from "../../db/db";
import { lockChangeHead, lockChangeHeads } from "../../db/repositories/change-log-repository";
import {
  appendOptionsOrderPuts,
  findOptionsOrders,
  lockOpenOptionsOrders,
  readTicksInWindow,
  writeOptionsSettlements,
  type LockedOptionsOrder,
} from "../../db/repositories/options-settlement-repository";
import { keepTickRange } from "../../db/repositories/tick-repository";
import { startChangeLog } from "../sync/baseline";
import { formatTickTime } from "../../../protocol/market";
import { toOptionsOrder } from "./options-order-view";
import { postOptionSettlements, type SettledOption } from "./settlement-postings";

export interface BatchCandidate {
  id: string;
  userId: string;
}

export type SettlementCounts = Record<OptionSettlement["result"], number>;

export interface BatchOutcome {
  /** What this batch settled (orders another settler had, or had settled, are not counted). */
  counts: SettlementCounts;
  settled: number;
}

/**
 * Orders whose windows together span more than this are read in more than one range, so a batch
 * of orders from hours apart (after an outage) never reads the hours between them.
 */
const MAX_RANGE_MS = 15 * 60_000;

export async function settleBatch(
  db: Db,
  candidates: readonly BatchCandidate[],
  now: () => number = Date.now,
): Promise<BatchOutcome> {
  const counts: SettlementCounts = { win: 0, lose: 0, tie: 0, void: 0 };
  if (candidates.length === 0) return { counts, settled: 0 };
  return db.transaction(async (tx) => {
    await lockHeads(tx, [...new Set(candidates.map((c) => c.userId))]);
    const open = await lockOpenOptionsOrders(
      tx,
      candidates.map((c) => c.id),
    );
    if (open.length === 0) return { counts, settled: 0 };
    const settled: SettledOption[] = [];
    for (const [symbol, orders] of bySymbol(open)) {
      for (const range of ranges(orders)) {
        const ticks = await readTicksInWindow(tx, symbol, range.afterMs, range.upToMs);
        for (const order of range.orders) {
          settled.push({
            id: order.id,
            userId: order.user_id,
            stake: BigInt(order.stake),
            fee: BigInt(order.fee),
            settlement: settleOption(termsOf(order), ticks),
          });
        }
      }
    }
    const transactionId = await postOptionSettlements(tx, settled);
    const written = await writeOptionsSettlements(
      tx,
      now(),
      settled.map((o) => ({
        id: o.id,
        result: o.settlement.result,
        entrySeq: o.settlement.entry?.seq ?? null,
        exitSeq: o.settlement.exit?.seq ?? null,
        profit: o.settlement.profit.toString(),
        transactionId: o.settlement.result === "lose" ? null : transactionId,
      })),
    );
    if (written !== settled.length) {
      throw new Error(`settled ${written} option rows of ${settled.length} locked open`);
    }
    await keepSettlementTicks(tx, open);
    const rows = await findOptionsOrders(
      tx,
      settled.map((o) => o.id),
    );
    await appendOptionsOrderPuts(
      tx,
      rows.map((row) => ({ userId: row.user_id, order: toOptionsOrder(row) })),
    );
    for (const o of settled) counts[o.settlement.result] += 1;
    return { counts, settled: settled.length };
  });
}

/**
 * Every user's change-log head, ascending, one statement in the common case. Users who bought
 * an option have a log (their purchase's bills started it); the loop is for the odd one without.
 */
async function lockHeads(tx: Queryable, userIds: string[]): Promise<void> {
  userIds.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
  if (await lockChangeHeads(tx, userIds)) return;
  for (const userId of userIds) {
    if (await lockChangeHead(tx, userId)) continue;
    await startChangeLog(tx, userId);
    await lockChangeHead(tx, userId);
  }
}

function termsOf(o: LockedOptionsOrder) {
  return {
    direction: o.direction,
    stake: BigInt(o.stake),
    fee: BigInt(o.fee),
    payoutRate: o.payout_rate,
    time: formatTickTime(o.time_ms),
    expiresAt: formatTickTime(o.expires_ms),
  };
}

function bySymbol(orders: readonly LockedOptionsOrder[]): Map<string, LockedOptionsOrder[]> {
  const map = new Map<string, LockedOptionsOrder[]>();
  for (const o of orders) map.set(o.symbol, [...(map.get(o.symbol) ?? []), o]);
  return map;
}

interface Range {
  afterMs: number;
  upToMs: number;
  orders: LockedOptionsOrder[];
}

/** Orders by acceptance time, cut into runs whose windows span at most MAX_RANGE_MS together. */
function ranges(orders: readonly LockedOptionsOrder[]): Range[] {
  const sorted = [...orders].sort((a, b) => a.time_ms - b.time_ms);
  const out: Range[] = [];
  for (const o of sorted) {
    const last = out.at(-1);
    if (last !== undefined && Math.max(last.upToMs, o.expires_ms) - last.afterMs <= MAX_RANGE_MS) {
      last.upToMs = Math.max(last.upToMs, o.expires_ms);
      last.orders.push(o);
    } else {
      out.push({ afterMs: o.time_ms, upToMs: o.expires_ms, orders: [o] });
    }
  }
  return out;
}

/**
 * Keeps the ticks a verifier reads for each settled window, one range per run of orders
 * (ranges()): the two ticks before it, every tick in it, and — by the pruning rule — the one
 * after, so every settlement can be re-checked after the 24 h retention too.
 */
async function keepSettlementTicks(tx: Queryable, open: readonly LockedOptionsOrder[]) {
  for (const [symbol, orders] of bySymbol(open)) {
    for (const range of ranges(orders)) {
      await keepTickRange(tx, symbol, range.afterMs, range.upToMs);
    }
  }
}
