// A compute module for the queue's tests (job-thread.ts loads it in place of job-compute.ts):
// it answers the job's own input as its result, or fails, dies, hangs or dawdles as the job's
// params say (TEST_MODES in quant-jobs.ts). When QUANT_TEST_RUN_LOG names a file, every
// computation appends its job id there, so a test counts how often each job really ran.
import { appendFileSync } from "node:fs";
import type { ThreadTask } from "../../../server/domain/quant/jobs/job-thread";

export function computeJob(task: ThreadTask): unknown {
  const log = process.env.QUANT_TEST_RUN_LOG;
  if (log !== undefined && log !== "") appendFileSync(log, `${task.jobId}\n`);
  const input = task.input as { params?: { mode?: number; ms?: number } };
  const mode = input.params?.mode ?? 0;
  if (mode === 1) throw Object.assign(new Error("no candles"), { jobFailure: "no-candles" });
  if (mode === 2) process.exit(3);
  if (mode === 3) for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
  if (mode === 4) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
  return { echo: task.input, candles: task.candleChunks.length };
}
