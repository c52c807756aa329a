// Lab jobs for the queue's tests: rows queued straight into quant_jobs (the shape submit-job.ts
// stores), and the URL of a compute module whose behaviour each job's params choose.
import type { Queryable } from "../../../server/db/db";
import {
  insertQuantJob,
  type QuantJobKind,
  type QuantJobRow,
} from "../../../server/db/repositories/quant-job-repository";

/** What quant-test-compute.ts does with a job (its params' `mode`). */
export const TEST_MODES = { ok: 0, fail: 1, exit: 2, hang: 3, slow: 4 } as const;

export const TEST_COMPUTE = new URL("./quant-test-compute.ts", import.meta.url);

let next = 0;

/** A queued job of `userId` (or of plan `planId`) that the test compute module runs as `mode`. */
export async function queueTestJob(
  db: Queryable,
  owner: { userId: string } | { planId: string },
  mode: keyof typeof TEST_MODES = "ok",
  kind: QuantJobKind = "backtest",
): Promise<QuantJobRow> {
  const n = ++next;
  const input = {
    strategy: "grid",
    symbol: "BTC/USDT",
    interval: "1m",
    from: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    to: new Date(Date.UTC(2026, 0, 1, 1, n)).toISOString(),
    ...(kind === "backtest" ? { params: { mode: TEST_MODES[mode], n } } : { windows: 2 }),
  };
  return insertQuantJob(db, { kind, owner, input });
}
