// What the worker threads compute (job-thread.ts loads this module): a job's stored input and
// candles → its wire result, by the backtester and the walk-forward optimiser of
// server/domain/quant/backtest. The one place the queue meets them.
import type { ComputeModule, ThreadTask } from "./job-thread";

/** A job failure the user is told about, by code (job-thread.ts reads `jobFailure`). */
export class JobFailure extends Error {
  override name = "JobFailure";

  constructor(
    readonly jobFailure: string,
    message: string,
  ) {
    super(message);
  }
}

export const computeJob: ComputeModule["computeJob"] = (_task: ThreadTask) => {
  // The backtester (server/domain/quant/backtest) is not in this branch yet: no result rather
  // than an invented one.
  throw new JobFailure("engine-unavailable", "the backtester is not available in this build");
};
