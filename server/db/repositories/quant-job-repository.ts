// The lab's job queue (migration 020; domain/quant/jobs/README.md). A claim takes the oldest due
// job with FOR UPDATE SKIP LOCKED, so concurrent workers (threads of one process, or several
// server processes on PostgreSQL) never take the same row, and marks it running under a lease.
// Every write after the claim names the claim's token: a worker whose lease ran out (and whose
// job another worker has claimed since) changes nothing. Lease times are the database's clock,
// the one clock every process shares.
import type { Queryable } from "../db";

export type QuantJobKind = "backtest" | "optimisation";
export type QuantJobState = "queued" | "running" | "done" | "failed";

export interface QuantJobRow {
  id: string;
  user_id: string | null;
  plan_id: string | null;
  kind: QuantJobKind;
  input: unknown;
  status: QuantJobState;
  result: unknown;
  failure: string | null;
  attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const columns = (t: string, result = `${t}result`) => `${t}id::text AS id,
  ${t}user_id::text AS user_id, ${t}plan_id, ${t}kind, ${t}input, ${t}status, ${result} AS result,
  ${t}failure, ${t}attempts, ${t}locked_by, ${t}locked_until, ${t}created_at, ${t}started_at,
  ${t}finished_at`;
// Reads order by `quant_jobs.id`: a bare `id` would name the text output column (and "9" > "10").
const COLUMNS = columns("");
/** Writes alias the table `j`: the claim's subquery has an `id` of its own. */
const RETURNING = `RETURNING ${columns("j.")}`;
/**
 * Finishing writes the result it holds: reading it back would send ~45 K of JSON out of the
 * database and parse it again, on PGlite on the API's thread (bench/README.md, quant-api).
 */
const RETURNING_NO_RESULT = `RETURNING ${columns("j.", "NULL::jsonb")}`;

export interface NewQuantJob {
  kind: QuantJobKind;
  owner: { userId: string } | { planId: string };
  input: object;
}

export async function insertQuantJob(tx: Queryable, job: NewQuantJob): Promise<QuantJobRow> {
  const userId = "userId" in job.owner ? job.owner.userId : null;
  const planId = "planId" in job.owner ? job.owner.planId : null;
  const [row] = await tx.query<QuantJobRow>(
    `INSERT INTO quant_jobs AS j (user_id, plan_id, kind, input) VALUES ($1, $2, $3, $4)
     ${RETURNING}`,
    [userId, planId, job.kind, JSON.stringify(job.input)],
  );
  if (row === undefined) throw new Error("quant job insert returned no row");
  return row;
}

export async function findQuantJob(db: Queryable, id: string): Promise<QuantJobRow | null> {
  const [row] = await db.query<QuantJobRow>(
    `SELECT ${COLUMNS} FROM quant_jobs WHERE id = $1::bigint`,
    [id],
  );
  return row ?? null;
}

/** A user's jobs of one kind, newest first, ids below `before` (the list cursor). */
export async function listUserQuantJobs(
  db: Queryable,
  q: { userId: string; kind: QuantJobKind; before: string | null; limit: number },
): Promise<QuantJobRow[]> {
  return db.query<QuantJobRow>(
    `SELECT ${COLUMNS} FROM quant_jobs
      WHERE user_id = $1 AND kind = $2 AND ($3::bigint IS NULL OR id < $3::bigint)
      ORDER BY quant_jobs.id DESC LIMIT $4`,
    [q.userId, q.kind, q.before, q.limit],
  );
}

/**
 * Serialises a user's job requests (the per-user limit is a count, so two concurrent requests
 * must not both see room for one). NO KEY UPDATE: the user's change-log appends (a key-share
 * lock through their foreign key) are not held up.
 */
export async function lockUserForJobs(tx: Queryable, userId: string): Promise<void> {
  await tx.query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE", [userId]);
}

/** The user's queued and running jobs, of both kinds. */
export async function countOpenQuantJobs(tx: Queryable, userId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM quant_jobs
      WHERE user_id = $1 AND status IN ('queued', 'running')`,
    [userId],
  );
  return row?.n ?? 0;
}

export interface ClaimTerms {
  /** This claim's token (random): later writes name it. */
  token: string;
  leaseMs: number;
  /** A job already claimed this often is not claimed again (failJobsOutOfAttempts ends it). */
  maxAttempts: number;
}

/**
 * Claims the oldest due job — queued, or running under a lease that ran out (its worker died) —
 * that has attempts left: running, attempts + 1, leased to `token`. Null when none is due.
 */
export async function claimQuantJob(tx: Queryable, terms: ClaimTerms): Promise<QuantJobRow | null> {
  const [row] = await tx.query<QuantJobRow>(
    `UPDATE quant_jobs AS j
        SET status = 'running', attempts = j.attempts + 1, locked_by = $1,
            locked_until = now() + make_interval(secs => $2::float8 / 1000), started_at = now()
       FROM (SELECT id FROM quant_jobs
              WHERE (status = 'queued' OR (status = 'running' AND locked_until < now()))
                AND attempts < $3
              ORDER BY created_at, id LIMIT 1
                FOR UPDATE SKIP LOCKED) AS due
      WHERE j.id = due.id
      ${RETURNING}`,
    [terms.token, terms.leaseMs, terms.maxAttempts],
  );
  return row ?? null;
}

/**
 * Fails (failure `code`) the due jobs that have used every attempt: each claim that ran them
 * died before finishing. Answers them, for their change-log entries.
 */
export async function failJobsOutOfAttempts(
  tx: Queryable,
  maxAttempts: number,
  code: string,
): Promise<QuantJobRow[]> {
  return tx.query<QuantJobRow>(
    `UPDATE quant_jobs AS j
        SET status = 'failed', failure = $2, finished_at = now(), locked_by = NULL,
            locked_until = NULL
       FROM (SELECT id FROM quant_jobs
              WHERE (status = 'queued' OR (status = 'running' AND locked_until < now()))
                AND attempts >= $1
                FOR UPDATE SKIP LOCKED) AS spent
      WHERE j.id = spent.id
      ${RETURNING}`,
    [maxAttempts, code],
  );
}

/** Extends the claim's lease; false when the claim is no longer this token's. */
export async function renewQuantJobLease(
  db: Queryable,
  id: string,
  token: string,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE quant_jobs SET locked_until = now() + make_interval(secs => $3::float8 / 1000)
      WHERE id = $1::bigint AND locked_by = $2 AND status = 'running' RETURNING id`,
    [id, token, leaseMs],
  );
  return rows.length > 0;
}

export type JobEnd = { result: unknown } | { failure: string };

/** Ends the claim's job: done with its result, or failed with a code. Null: not this claim's. */
export async function finishQuantJob(
  tx: Queryable,
  id: string,
  token: string,
  end: JobEnd,
): Promise<QuantJobRow | null> {
  const done = "result" in end;
  const [row] = await tx.query<QuantJobRow>(
    `UPDATE quant_jobs AS j
        SET status = $3, result = $4::jsonb, failure = $5, finished_at = now(),
            locked_by = NULL, locked_until = NULL
      WHERE j.id = $1::bigint AND j.locked_by = $2 AND j.status = 'running'
      ${RETURNING_NO_RESULT}`,
    [
      id,
      token,
      done ? "done" : "failed",
      done ? JSON.stringify(end.result) : null,
      done ? null : end.failure,
    ],
  );
  if (row === undefined) return null;
  return done ? { ...row, result: end.result } : row;
}

/**
 * Gives the claim's job back to the queue, to be claimed again while it has attempts left: its
 * worker thread died (the attempt counts), or the server is stopping (`refund`: it does not).
 * Null: not this claim's.
 */
export async function releaseQuantJob(
  tx: Queryable,
  id: string,
  token: string,
  refund: boolean,
): Promise<QuantJobRow | null> {
  const [row] = await tx.query<QuantJobRow>(
    `UPDATE quant_jobs AS j
        SET status = 'queued', locked_by = NULL, locked_until = NULL,
            attempts = j.attempts - CASE WHEN $3 THEN 1 ELSE 0 END
      WHERE j.id = $1::bigint AND j.locked_by = $2 AND j.status = 'running'
      ${RETURNING}`,
    [id, token, refund],
  );
  return row ?? null;
}

/** Records a plan's finished backtest as its latest, unless a newer one is recorded already. */
export async function linkPlanBacktest(
  tx: Queryable,
  planId: string,
  jobId: string,
): Promise<void> {
  await tx.query(
    `UPDATE quant_plans SET backtest_job_id = $2::bigint
      WHERE id = $1 AND (backtest_job_id IS NULL OR backtest_job_id < $2::bigint)`,
    [planId, jobId],
  );
}

/** A plan's newest job (any status): the daily schedule decides from it whether one is due. */
export async function latestPlanJob(db: Queryable, planId: string): Promise<QuantJobRow | null> {
  const [row] = await db.query<QuantJobRow>(
    `SELECT ${COLUMNS} FROM quant_jobs WHERE plan_id = $1 ORDER BY quant_jobs.id DESC LIMIT 1`,
    [planId],
  );
  return row ?? null;
}

/** Locks a plan's row while its next job is queued, so two schedulers never queue two. */
export async function lockPlanForSchedule(tx: Queryable, planId: string): Promise<void> {
  await tx.query("SELECT id FROM quant_plans WHERE id = $1 FOR UPDATE", [planId]);
}

/** Each plan's recorded backtest job (quant_plans.backtest_job_id), by plan id. */
export async function recordedPlanBacktests(db: Queryable): Promise<Map<string, QuantJobRow>> {
  const rows = await db.query<QuantJobRow & { for_plan: string }>(
    `SELECT p.id AS for_plan, ${columns("j.")}
       FROM quant_plans p JOIN quant_jobs j ON j.id = p.backtest_job_id`,
  );
  return new Map(rows.map((r) => [r.for_plan, r]));
}

export interface QueueHealthRow {
  kind: QuantJobKind;
  /** Age (ms) of the oldest job waiting to be claimed; null when none waits. */
  oldest_queued_ms: string | null;
  last_done_at: Date | null;
  /** The newest failure of the service itself (codes in SERVICE_FAILURES). */
  last_failed_at: Date | null;
  /** Running jobs whose lease ran out (their worker is gone, nobody has claimed them again). */
  stale_running: number;
}

/**
 * Failures of the service rather than of a job's input: a worker that kept dying, a run past the
 * time limit, a computation that threw.
 */
export const SERVICE_FAILURES = ["attempts-exhausted", "time-limit", "engine-error"] as const;

/** The queue's health per kind, for the status probes. */
export async function queueHealth(db: Queryable): Promise<QueueHealthRow[]> {
  return db.query<QueueHealthRow>(
    `SELECT k.kind,
            (SELECT (extract(epoch FROM now() - min(created_at)) * 1000)::int8::text
               FROM quant_jobs WHERE kind = k.kind AND status = 'queued') AS oldest_queued_ms,
            (SELECT max(finished_at) FROM quant_jobs
              WHERE kind = k.kind AND status = 'done') AS last_done_at,
            (SELECT max(finished_at) FROM quant_jobs
              WHERE kind = k.kind AND status = 'failed' AND failure = ANY ($1::text[])
            ) AS last_failed_at,
            (SELECT count(*)::int FROM quant_jobs
              WHERE kind = k.kind AND status = 'running' AND locked_until < now()) AS stale_running
       FROM (VALUES ('backtest'), ('optimisation')) AS k (kind)`,
    [[...SERVICE_FAILURES]],
  );
}
