// The quant-api benchmark's floor phase: a compute module for a real job thread (job-thread.ts,
// at the lab's priority) that runs backtests back to back for each task's `ms`, with no job around
// them: no queue, no candles read from the database, no result stored, no polls. The API's latency
// beside it is what the lab's computation alone costs on this machine (two cores shared), the
// floor under the goal's loaded phase.
import { runBacktest } from "../../server/domain/quant/backtest/run-backtest";
import type { ThreadTask } from "../../server/domain/quant/jobs/job-thread";
import { trendInput } from "../quant-backtest-kit";

let input: ReturnType<typeof trendInput> | undefined;

/** Backtests until `task.input.ms` have passed; answers how many ran. */
export function computeJob(task: ThreadTask): number {
  const { ms } = task.input as { ms: number };
  input ??= trendInput();
  const until = performance.now() + ms;
  let runs = 0;
  do {
    runBacktest(input);
    runs += 1;
  } while (performance.now() < until);
  return runs;
}
