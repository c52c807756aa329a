// The queue's transitions, each one transaction that also appends the job's new state to its
// user's change log (job-view.ts recordJob): claim (queued → running, or a dead worker's running
// job again), finish (running → done | failed) and release (running → queued, for another try).
// A finished plan job becomes the plan's recorded backtest in the same transaction.
import { randomUUID } from "node:crypto";
import type { Db } from "../../../db/db";
import {
  claimQuantJob,
  failJobsOutOfAttempts,
  finishQuantJob,
  linkPlanBacktest,
  releaseQuantJob,
  type JobEnd,
  type QuantJobRow,
} from "../../../db/repositories/quant-job-repository";
import { LEASE_MS, MAX_ATTEMPTS } from "./job-config";
import { recordJob } from "./job-view";

/** A job this worker holds: the row as claimed and the claim's token. */
export interface ClaimedJob {
  row: QuantJobRow;
  token: string;
}

export interface QueueTerms {
  leaseMs: number;
  maxAttempts: number;
}

export const DEFAULT_QUEUE_TERMS: QueueTerms = { leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS };

/**
 * The failures the runner itself decides (a compute module may answer codes of its own, such as
 * "no-candles"); every code is a lowercase word list the app words.
 */
export type JobFailure = "attempts-exhausted" | "time-limit" | "engine-error";

/**
 * Fails the jobs whose every claim died, then claims the oldest due job. Null when none is due.
 * Several workers (threads' feeders in one process, or several processes) may call it at once:
 * SKIP LOCKED gives each a different row or none.
 */
export async function claimNextJob(
  db: Db,
  terms: QueueTerms = DEFAULT_QUEUE_TERMS,
): Promise<ClaimedJob | null> {
  return db.transaction(async (tx) => {
    const spent = await failJobsOutOfAttempts(
      tx,
      terms.maxAttempts,
      "attempts-exhausted" satisfies JobFailure,
    );
    for (const row of spent) await recordJob(tx, row);
    const token = randomUUID();
    const row = await claimQuantJob(tx, { token, ...terms });
    if (row === null) return null;
    await recordJob(tx, row);
    return { row, token };
  });
}

/** Ends a claimed job; false when the claim had lapsed (another claim owns the job now). */
export async function finishJob(db: Db, job: ClaimedJob, end: JobEnd): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await finishQuantJob(tx, job.row.id, job.token, end);
    if (row === null) return false;
    await recordJob(tx, row);
    if (row.plan_id !== null && row.status === "done") {
      await linkPlanBacktest(tx, row.plan_id, row.id);
    }
    return true;
  });
}

/**
 * Puts a claimed job back in the queue: its thread died (the attempt counts), or the server stops
 * (`refund`: the attempt does not count, the job was merely interrupted).
 */
export async function releaseJob(db: Db, job: ClaimedJob, refund = false): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await releaseQuantJob(tx, job.row.id, job.token, refund);
    if (row === null) return false;
    await recordJob(tx, row);
    return true;
  });
}
