// One worker thread (node:worker_threads) that computes jobs one at a time, off the event loop
// that serves the API. The thread runs job-thread.ts, which loads the compute module named here
// (job-compute.ts; tests name their own). The server runs TypeScript through tsx
// (`node --import tsx`, in dev, tests and `npm start` alike), and a worker thread does not inherit
// the loader hooks: a .ts entry is started by a small bootstrap that registers tsx in the thread
// first. A compiled .js entry would start directly.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ThreadReply, ThreadTask } from "./job-thread";

/** How a task on a thread ended, beyond a result or a job failure code. */
export class ThreadStopped extends Error {
  override name = "ThreadStopped";

  constructor(
    readonly why: "died" | "time-limit" | "aborted",
    message: string,
  ) {
    super(message);
  }
}

export type TaskOutcome = { result: unknown } | { failure: string; detail: string };

const ENTRY = new URL("./job-thread.ts", import.meta.url);

/**
 * tsx's ESM register API as a file URL. Resolved through its package.json's exports by hand:
 * require.resolve would find the CommonJS build, which cannot load the ESM hooks from a thread.
 */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const exports = (require("tsx/package.json") as TsxManifest).exports["./esm/api"].import.default;
  return pathToFileURL(path.join(path.dirname(manifest), exports)).href;
}

interface TsxManifest {
  exports: { "./esm/api": { import: { default: string } } };
}

/** The thread's start: the entry itself, or (TypeScript) tsx's loader registered before it. */
function startWorker(entry: URL, computeModule: string): Worker {
  const workerData = { computeModule };
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry, { workerData });
  const tsxApi = tsxEsmApi();
  const source =
    `import(${JSON.stringify(tsxApi)})` +
    `.then((m) => (m.register ?? m.default.register)())` +
    `.then(() => import(${JSON.stringify(entry.href)}))`;
  return new Worker(source, { eval: true, workerData });
}

export class JobThread {
  #worker: Worker | null = null;
  #next = 1;
  readonly #computeModule: string;

  constructor(computeModule: URL) {
    this.#computeModule = computeModule.href;
  }

  /** Why the last thread died or could not start, for the lab's status probe; null: none did. */
  lastError: string | null = null;

  /** Whether a thread is up now (it starts on the first task, and again after one died). */
  get alive(): boolean {
    return this.#worker !== null;
  }

  #start(): Worker {
    const worker = startWorker(ENTRY, this.#computeModule);
    // Kept for the thread's whole life: an idle thread that fails must not throw an unhandled
    // 'error' into the server; it is replaced with the next task.
    worker.on("error", (err) => {
      this.lastError = err.message;
    });
    worker.on("exit", () => {
      if (this.#worker === worker) this.#worker = null;
    });
    // A thread never holds the process open: the runner's stop() ends it on shutdown.
    worker.unref();
    return worker;
  }

  /** Starts the thread now, so one that cannot start shows in the lab's status at once. */
  warm(): void {
    this.#worker ??= this.#start();
  }

  /**
   * Runs one task; resolves to its result or job failure, rejects with ThreadStopped when the
   * thread died, ran past `timeoutMs`, or `signal` aborted it (the thread is then terminated and
   * a fresh one starts with the next task).
   */
  run(
    task: ThreadTask,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<TaskOutcome> {
    const worker = (this.#worker ??= this.#start());
    const id = this.#next++;
    return new Promise<TaskOutcome>((resolve, reject) => {
      const stop = (error: ThreadStopped) => {
        cleanup();
        this.#kill(worker);
        reject(error);
      };
      const onMessage = (reply: ThreadReply) => {
        if (reply.id !== id) return;
        cleanup();
        this.lastError = null;
        resolve(
          "result" in reply
            ? { result: reply.result }
            : { failure: reply.failure, detail: reply.detail },
        );
      };
      const onError = (err: Error) =>
        stop(new ThreadStopped("died", `job thread failed: ${err.message}`));
      const onExit = (code: number) =>
        stop(new ThreadStopped("died", `job thread exited with code ${code}`));
      const onAbort = () => stop(new ThreadStopped("aborted", "job stopped"));
      const timer = setTimeout(
        () => stop(new ThreadStopped("time-limit", `job ran past ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      const cleanup = () => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        options.signal?.removeEventListener("abort", onAbort);
      };
      worker.on("message", onMessage);
      worker.on("error", onError);
      worker.on("exit", onExit);
      if (options.signal?.aborted) {
        onAbort();
        return;
      }
      options.signal?.addEventListener("abort", onAbort);
      worker.postMessage({ id, task });
    });
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    if (worker !== null) await worker.terminate();
  }

  #kill(worker: Worker): void {
    if (this.#worker === worker) this.#worker = null;
    void worker.terminate();
  }
}
