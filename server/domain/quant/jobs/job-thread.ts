// The worker thread's entry (job-thread-host.ts starts it): computes one job per message with the
// compute module it was given (job-compute.ts in the server) and answers the wire result, or a
// failure code. Pure computation on the candles it is sent: no database, no clock, so the same
// job gives the same result in any thread.
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";

/** What the main thread sends: the job's kind, its stored input and its candles. */
export interface ThreadTask {
  /** For logs only: a computation never depends on which job it is. */
  jobId: string;
  kind: "backtest" | "optimisation";
  input: unknown;
  /** The candles as JSON arrays, chunk by chunk as they were loaded (job-candles.ts). */
  candleChunks: string[];
}

export type ThreadReply =
  { id: number; result: unknown } | { id: number; failure: string; detail: string };

/** What a compute module exports. */
export interface ComputeModule {
  computeJob(task: ThreadTask): unknown;
}

/** A job that cannot be computed for a reason the user is told (a code the app words). */
export interface JobFailureLike {
  jobFailure: string;
}

function failureOf(err: unknown): string {
  if (typeof err === "object" && err !== null && "jobFailure" in err) {
    const code = (err as JobFailureLike).jobFailure;
    if (typeof code === "string" && /^[a-z][a-z0-9-]{0,47}$/.test(code)) return code;
  }
  return "engine-error";
}

/**
 * Lowest CPU priority for this thread only, so a busy machine runs the API's event loop first and
 * a job waits (Linux: nice is per thread, and a thread's id is the first field of its stat).
 * Elsewhere, or if refused, the thread runs at normal priority.
 */
function yieldCpuToTheApi(): void {
  try {
    const tid = Number(readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0]);
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: nothing to lower.
  }
}

const port = parentPort;
if (port !== null) {
  yieldCpuToTheApi();
  const { computeModule } = workerData as { computeModule: string };
  const compute = (await import(computeModule)) as ComputeModule;
  port.on("message", (message: { id: number; task: ThreadTask }) => {
    let reply: ThreadReply;
    try {
      reply = { id: message.id, result: compute.computeJob(message.task) };
    } catch (err) {
      const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
      reply = { id: message.id, failure: failureOf(err), detail: detail.slice(0, 2_000) };
    }
    port.postMessage(reply);
  });
}
