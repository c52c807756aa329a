// One pass of the settler: every open order the record says is due, in batches (settle-batch.ts),
// until none is left. A batch that fails is retried order by order, so one order that cannot
// settle (logged) never holds back the others; it is left for the next pass.
import type { Db } from "../../db/db";
import {
  dueOptionsOrders,
  type DueOptionsQuery,
} from "../../db/repositories/options-settlement-repository";
import { settleBatch, type BatchCandidate, type SettlementCounts } from "./settle-batch";

export interface PassOptions {
  /** Orders per database transaction. */
  batchSize: number;
  /** Batches in flight at once (PostgreSQL commits them side by side; PGlite: 1). */
  parallel: number;
  now: () => number;
  /** Told of each order that failed to settle alone (its batch failed first). */
  onOrderError: (id: string, err: unknown) => void;
  /** Whether to give up between batches (the settler is stopping). */
  stopping: () => boolean;
  /** Crash tests only: a pause after each batch, so a SIGKILL lands between two. Default 0. */
  pauseAfterBatchMs?: number;
}

export interface PassOutcome {
  counts: SettlementCounts;
  settled: number;
  failed: string[];
}

export async function settlePass(
  db: Db,
  due: Omit<DueOptionsQuery, "limit" | "skip">,
  options: PassOptions,
): Promise<PassOutcome> {
  const outcome: PassOutcome = {
    counts: { win: 0, lose: 0, tie: 0, void: 0 },
    settled: 0,
    failed: [],
  };
  const limit = options.batchSize * options.parallel;
  for (;;) {
    if (options.stopping()) return outcome;
    const rows = await dueOptionsOrders(db, { ...due, limit, skip: outcome.failed });
    const candidates = rows.map((r) => ({ id: r.id, userId: r.user_id }));
    const chunks: BatchCandidate[][] = [];
    for (let i = 0; i < candidates.length; i += options.batchSize) {
      chunks.push(candidates.slice(i, i + options.batchSize));
    }
    await Promise.all(chunks.map((chunk) => settleChunk(db, chunk, options, outcome)));
    if (candidates.length < limit) return outcome;
  }
}

async function settleChunk(
  db: Db,
  chunk: readonly BatchCandidate[],
  options: PassOptions,
  outcome: PassOutcome,
): Promise<void> {
  const add = (done: Awaited<ReturnType<typeof settleBatch>>) => {
    outcome.settled += done.settled;
    for (const [result, n] of Object.entries(done.counts)) {
      outcome.counts[result as keyof SettlementCounts] += n;
    }
  };
  try {
    add(await settleBatch(db, chunk, options.now));
    if (options.pauseAfterBatchMs) await sleep(options.pauseAfterBatchMs);
    return;
  } catch (err) {
    if (chunk.length === 1) {
      outcome.failed.push(chunk[0]?.id ?? "");
      options.onOrderError(chunk[0]?.id ?? "", err);
      return;
    }
  }
  for (const one of chunk) {
    try {
      add(await settleBatch(db, [one], options.now));
    } catch (err) {
      outcome.failed.push(one.id);
      options.onOrderError(one.id, err);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
