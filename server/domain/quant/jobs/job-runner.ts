// The runner: `threads` slots, each a loop that claims a job (job-queue.ts), loads its candles
// on the main thread (job-candles.ts; the settled ones from the runner's candle-chunk-cache.ts),
// computes it on its own worker thread (job-thread-host.ts) and records the end. While a job
// runs its lease is renewed; a renewal that finds the claim gone (this process stalled past the
// lease and another worker took the job) stops the thread and writes nothing. A thread that dies
// puts its job back for another attempt; a job past MAX_RUN_MS is failed ("time-limit"); stop()
// interrupts running jobs and gives them back without counting the attempt. Idle slots wake on a
// NOTIFY from submit-job.ts, or poll.
import type { Db } from "../../../db/db";
import { renewQuantJobLease } from "../../../db/repositories/quant-job-repository";
import { JOB_THREADS, MAX_RUN_MS, POLL_MS } from "./job-config";
import { CandleChunkCache } from "./candle-chunk-cache";
import { loadCandleChunks } from "./job-candles";
import { candleSpan } from "./job-compute";
import {
  claimNextJob,
  DEFAULT_QUEUE_TERMS,
  finishJob,
  releaseJob,
  type ClaimedJob,
  type QueueTerms,
} from "./job-queue";
import { JobThread, ThreadStopped } from "./job-thread-host";
import { QUANT_JOB_CHANNEL } from "./submit-job";

export interface RunnerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  log: RunnerLog;
  /** Jobs computed at once, each on its own thread (default JOB_THREADS). */
  threads?: number;
  /** The module the threads compute with (default job-compute.ts; tests give their own). */
  computeModule?: URL;
  terms?: QueueTerms;
  pollMs?: number;
  maxRunMs?: number;
}

export interface JobRunner {
  /** Looks for work now (a job was queued in this process). */
  wake(): void;
  /** Whether the threads can start: null when they do (or have not been needed yet). */
  threadError(): string | null;
  stop(): Promise<void>;
}

const COMPUTE = new URL("./job-compute.ts", import.meta.url);

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { db, log } = options;
  const terms = options.terms ?? DEFAULT_QUEUE_TERMS;
  const pollMs = options.pollMs ?? POLL_MS;
  const maxRunMs = options.maxRunMs ?? MAX_RUN_MS;
  const stopping = new AbortController();
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const done of [...waiting]) done();
  };
  const unlisten = await db.listen(QUANT_JOB_CHANNEL, wake, { onReconnect: wake });
  const candleCache = new CandleChunkCache();

  /** Resolves at the next poke, poll or stop. */
  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        stopping.signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      waiting.add(done);
      stopping.signal.addEventListener("abort", done);
    });

  const runClaimed = async (thread: JobThread, job: ClaimedJob): Promise<void> => {
    const lost = new AbortController();
    const abort = AbortSignal.any([lost.signal, stopping.signal]);
    const renew = setInterval(() => {
      renewQuantJobLease(db, job.row.id, job.token, terms.leaseMs).then(
        (held) => held || lost.abort(),
        (err: unknown) => log.warn({ err, job: job.row.id }, "quant job lease renewal failed"),
      );
    }, terms.leaseMs / 3);
    try {
      const { input, kind } = job.row;
      const candleChunks = await loadCandleChunks(db, candleSpan(kind, input), {
        signal: abort,
        cache: candleCache,
      });
      const outcome = await thread.run(
        { jobId: job.row.id, kind, input, candleChunks },
        { timeoutMs: maxRunMs, signal: abort },
      );
      if ("failure" in outcome && outcome.failure === "engine-error") {
        log.error({ job: job.row.id, detail: outcome.detail }, "quant job failed in its thread");
      }
      const end = "result" in outcome ? outcome : { failure: outcome.failure };
      if (!(await finishJob(db, job, end))) {
        log.warn({ job: job.row.id }, "quant job finished after its lease passed to another claim");
      }
    } catch (err) {
      await settleInterrupted(job, err, lost.signal.aborted);
    } finally {
      clearInterval(renew);
    }
  };

  const settleInterrupted = async (job: ClaimedJob, err: unknown, leaseLost: boolean) => {
    if (leaseLost) {
      log.warn({ job: job.row.id }, "quant job's lease was lost; another claim runs it");
    } else if (err instanceof ThreadStopped && err.why === "time-limit") {
      await finishJob(db, job, { failure: "time-limit" });
    } else if (stopping.signal.aborted) {
      await releaseJob(db, job, true);
    } else {
      log.error({ err, job: job.row.id }, "quant job interrupted; queued for another attempt");
      await releaseJob(db, job);
    }
  };

  const slot = async (thread: JobThread): Promise<void> => {
    while (!stopping.signal.aborted) {
      try {
        const job = await claimNextJob(db, terms);
        if (job === null) await idle();
        else await runClaimed(thread, job);
      } catch (err) {
        if (stopping.signal.aborted) break;
        log.error({ err }, "quant job runner round failed");
        await idle();
      }
    }
    await thread.close();
  };

  const threads = Array.from(
    { length: Math.max(1, options.threads ?? JOB_THREADS) },
    () => new JobThread(options.computeModule ?? COMPUTE),
  );
  for (const thread of threads) thread.warm();
  const slots = threads.map(slot);
  return {
    wake,
    threadError: () => threads.find((t) => t.lastError !== null)?.lastError ?? null,
    async stop() {
      stopping.abort();
      await Promise.allSettled(slots);
      await unlisten();
    },
  };
}
