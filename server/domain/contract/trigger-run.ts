// One run of the trigger engine over one symbol's recorded ticks (contract-worker.ts runs them
// one at a time after each committed flush, on start and on the reconcile timer):
//   1. late positions — heard of after the cursor had passed their opening tick (a notification
//      arriving after a flush, a worker restarted) — are checked against the ticks between their
//      opening tick and the cursor, at most LATE_TICKS of them, without moving the cursor;
//   2. from the cursor to the newest recorded tick, page by page: checkTicks, then the closes
//      and the cursor move in one transaction (trigger-pass.ts), at most MAX_CLOSES_PER_TX
//      closes a transaction (a page whose ticks close more is cut at a tick boundary).
// A symbol no position is watched on only has its cursor moved to its newest tick.
import type { Db } from "../../db/db";
import {
  readTicksBySeq,
  type TriggerTick,
} from "../../db/repositories/contract-trigger-repository";
import {
  checkTicks,
  commitCloses,
  CursorMovedError,
  type CursorMove,
  type TriggerClose,
} from "./trigger-pass";
import { TriggerIndex, type WatchedPosition } from "./trigger-index";

/** How far back a late position is checked: ticks before these it has survived already. */
export const LATE_TICKS = 2_000;

export interface RunContext {
  db: Db;
  index: TriggerIndex;
  now: () => number;
  /** Ticks read per page. */
  pageSize: number;
  /** Closes per transaction. */
  maxClosesPerTx: number;
  /** Crash tests only: a pause after each transaction that closed something. */
  pauseAfterCloseMs: number;
  stopping: () => boolean;
  /** Told of each position closed (for totals and logs). */
  onClosed: (n: number) => void;
  /** Told of a close that failed alone (the position waits for the next reload). */
  onCloseFailed: (id: string, err: unknown) => void;
}

/** Step 1: closes the late positions the ticks up to the cursor reach; answers nothing. */
export async function checkLate(
  ctx: RunContext,
  symbol: string,
  late: readonly WatchedPosition[],
  cursor: bigint,
): Promise<void> {
  if (late.length === 0) return;
  const held = new TriggerIndex();
  let oldest = cursor;
  for (const p of late) {
    held.put(p);
    if (p.openTickSeq < oldest) oldest = p.openTickSeq;
  }
  const from = oldest > cursor - BigInt(LATE_TICKS) ? oldest : cursor - BigInt(LATE_TICKS);
  const ticks = await readTicksBySeq(ctx.db, symbol, from, cursor, LATE_TICKS);
  const closes = checkTicks(held, symbol, ticks);
  for (const close of closes) ctx.index.remove(close.position.id);
  await commitChunks(ctx, closes, null);
}

/**
 * Step 2: every tick after `cursor` through `head`, in seq order; answers the new cursor. The
 * caller's memory of the cursor must follow each committed move, so it is told through `moved`.
 */
export async function checkForward(
  ctx: RunContext,
  symbol: string,
  cursor: bigint,
  head: bigint,
  moved: (seq: bigint) => void,
): Promise<void> {
  let at = cursor;
  while (at < head && !ctx.stopping()) {
    const ticks = await readTicksBySeq(ctx.db, symbol, at, head, ctx.pageSize);
    const last = ticks[ticks.length - 1];
    if (last === undefined) return;
    const closes = checkTicks(ctx.index, symbol, ticks);
    await commitChunks(ctx, closes, { symbol, from: at, to: last.seq }, moved);
    at = last.seq;
  }
}

/**
 * Commits closes in transactions of at most maxClosesPerTx, each moving the cursor (when given)
 * to its last close's tick, the last one to `move.to`.
 */
async function commitChunks(
  ctx: RunContext,
  closes: readonly TriggerClose[],
  move: CursorMove | null,
  moved: (seq: bigint) => void = () => undefined,
): Promise<void> {
  let from = move?.from ?? 0n;
  let i = 0;
  do {
    let end = Math.min(i + ctx.maxClosesPerTx, closes.length);
    // A tick's closes stay together: the cursor can only stop between two ticks.
    while (end < closes.length && end > i && closes[end]?.tick === closes[end - 1]?.tick) end += 1;
    const chunk = closes.slice(i, end);
    const lastTick: TriggerTick | undefined = chunk[chunk.length - 1]?.tick;
    const to = move === null ? null : end >= closes.length ? move.to : (lastTick?.seq ?? move.to);
    const moves = move === null || to === null ? [] : [{ symbol: move.symbol, from, to }];
    const closed = await commitChunk(ctx, chunk, moves);
    if (to !== null) {
      moved(to);
      from = to;
    }
    ctx.onClosed(closed);
    if (closed > 0 && ctx.pauseAfterCloseMs > 0) await sleep(ctx.pauseAfterCloseMs);
    i = end;
  } while (i < closes.length);
}

/**
 * One transaction for the chunk; if it fails for a reason other than the cursor, each close alone
 * and then the cursor's move: one position whose close keeps failing (logged) must not stop its
 * symbol's triggers. It is left out of the index until the next reload, which finds it late and
 * checks it again against the ticks before the cursor.
 */
async function commitChunk(
  ctx: RunContext,
  chunk: readonly TriggerClose[],
  moves: readonly CursorMove[],
): Promise<number> {
  try {
    return await commitCloses(ctx.db, chunk, moves, ctx.now);
  } catch (err) {
    if (err instanceof CursorMovedError || chunk.length === 0) throw err;
  }
  let closed = 0;
  for (const close of chunk) {
    try {
      closed += await commitCloses(ctx.db, [close], [], ctx.now);
    } catch (err) {
      ctx.onCloseFailed(close.position.id, err);
    }
  }
  await commitCloses(ctx.db, [], moves, ctx.now);
  return closed;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
