// The trigger engine's two steps over a run of recorded ticks of one symbol:
//   checkTicks  (pure, in memory) walks the ticks in seq order and takes out of the index every
//               position a tick reaches, with the tick and the trigger (trigger-index.ts);
//   commitCloses (one database transaction) closes them through the one close path
//               (close-position.ts) at their ticks' prices and, for a run the cursor covers,
//               moves the symbol's cursor past it — guarded by its old value, so a run checked
//               by two workers at once commits once (the other's transaction rolls back).
// Lock order: the orders ascending (a user's close locks its order first too), then the users'
// change-log heads ascending (the ledger's first lock), then the postings' accounts.
import { USDT_SCALE } from "../../../protocol/assets";
import type { ContractTrigger } from "../../../protocol/contract";
import { parseUnits } from "../../../protocol/decimal";
import type { Db, Queryable } from "../../db/db";
import { lockChangeHead, lockChangeHeads } from "../../db/repositories/change-log-repository";
import {
  advanceTriggerCursors,
  type TriggerTick,
} from "../../db/repositories/contract-trigger-repository";
import { startChangeLog } from "../sync/baseline";
import { closePosition } from "./close-position";
import { compareIds, type TriggerIndex, type WatchedPosition } from "./trigger-index";

export interface TriggerClose {
  position: WatchedPosition;
  trigger: ContractTrigger;
  tick: TriggerTick;
}

/** Tick prices as served ("67000.00") in USDT units per whole coin, the unit of every level. */
export function tickUnits(price: string): bigint {
  return parseUnits(price, USDT_SCALE);
}

/**
 * Every close the ticks (ascending seq) call for, in order. A position reached is taken out of
 * the index at once, so a later tick of the run does not reach it again.
 */
export function checkTicks(
  index: TriggerIndex,
  symbol: string,
  ticks: readonly TriggerTick[],
): TriggerClose[] {
  const closes: TriggerClose[] = [];
  if (!index.watches(symbol)) return closes;
  for (const tick of ticks) {
    for (const { position, trigger } of index.reached(symbol, tickUnits(tick.price), tick.seq)) {
      index.remove(position.id);
      closes.push({ position, trigger, tick });
    }
  }
  return closes;
}

/** Another worker moved the cursor: its closes of the same ticks are the ones that count. */
export class CursorMovedError extends Error {
  constructor(readonly symbols: readonly string[]) {
    super(`contract trigger cursor moved by another worker: ${symbols.join(", ")}`);
  }
}

export interface CursorMove {
  symbol: string;
  from: bigint;
  to: bigint;
}

/**
 * Closes each position at its tick, and moves the cursors; all or nothing. Answers how many
 * closed (a position a user closed meanwhile is skipped: the row lock decides).
 */
export async function commitCloses(
  db: Db,
  closes: readonly TriggerClose[],
  moves: readonly CursorMove[],
  now: () => number,
): Promise<number> {
  if (closes.length === 0 && moves.length === 0) return 0;
  return db.transaction(async (tx) => {
    let closed = 0;
    if (closes.length > 0) {
      const users = await lockOrders(
        tx,
        closes.map((c) => c.position.id),
      );
      await lockHeads(tx, users);
      for (const close of closes) {
        const result = await closePosition(tx, {
          id: close.position.id,
          reason: close.trigger,
          price: tickUnits(close.tick.price),
          tickSeq: String(close.tick.seq),
          atMs: now(),
        });
        if (result.kind === "closed") closed += 1;
      }
    }
    const missed = await advanceTriggerCursors(tx, moves);
    if (missed.length > 0) throw new CursorMovedError(missed);
    return closed;
  });
}

/** The orders' rows ascending, FOR UPDATE; answers their users. */
async function lockOrders(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  const sorted = [...new Set(ids)].sort(compareIds);
  const rows = await tx.query<{ user_id: string }>(
    `SELECT user_id::text AS user_id FROM contract_orders
      WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [sorted],
  );
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Every user's change-log head ascending; a user without a log yet gets one first. */
async function lockHeads(tx: Queryable, userIds: string[]): Promise<void> {
  userIds.sort(compareIds);
  if (await lockChangeHeads(tx, userIds)) return;
  for (const userId of userIds) {
    if (await lockChangeHead(tx, userId)) continue;
    await startChangeLog(tx, userId);
    await lockChangeHead(tx, userId);
  }
}
