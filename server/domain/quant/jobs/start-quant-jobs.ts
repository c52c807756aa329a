// The lab's background work, started by workers.ts in the leading process: the job runner (its
// worker threads), the daily plan-backtest schedule (a round once the market has started, then
// every SCHEDULE_EVERY_MS; each round queues only what is due) and the real probes of the
// `lab`, `backtest` and `optimise` services.
import type { QuantaMode } from "../../../../protocol/health";
import type { Db } from "../../../db/db";
import type { ProbeRegistry } from "../../status/probes";
import { LAB_SERVICES, quantJobProbes } from "./job-probes";
import { startJobRunner, type RunnerLog } from "./job-runner";
import { schedulePlanBacktests } from "./plan-schedule";

const SCHEDULE_EVERY_MS = 10 * 60_000;

export interface QuantJobsOptions {
  db: Db;
  config: { mode: QuantaMode };
  log: RunnerLog;
  /** The status prober's registry: the lab's probes are registered there. */
  registry: ProbeRegistry;
  /** The first schedule round waits for this (the market's start: its backfilled candles). */
  ready?: Promise<unknown>;
}

export async function startQuantJobs(options: QuantJobsOptions): Promise<() => Promise<void>> {
  const { db, log } = options;
  const runner = await startJobRunner({ db, log });
  const probes = quantJobProbes(db, runner);
  for (const key of LAB_SERVICES) options.registry.registerProbe(key, probes[key]);
  let stopped = false;
  let round: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    round = schedulePlanBacktests(db, { demo: options.config.mode === "demo", log }).catch(
      (err: unknown) => log.error({ err }, "plan backtest schedule round failed"),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  void (options.ready ?? Promise.resolve()).finally(() => {
    schedule();
    timer = setInterval(schedule, SCHEDULE_EVERY_MS).unref();
  });
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
    await runner.stop();
  };
}
