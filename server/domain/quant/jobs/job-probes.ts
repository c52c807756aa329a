// The real probes behind the home page's `lab`, `backtest` and `optimise` services
// (domain/status/README.md): read from the queue table and the runner, never a constant.
//   lab       the job threads are up (a thread that cannot start is an outage) and the queue
//             answers
//   backtest  the runner is up, the oldest waiting backtest has waited less than LAG_DEGRADED_MS
//   optimise  (degraded) / LAG_DOWN_MS (down), no claim is stranded past its lease, and the
//             newest end is not a failure of the service itself (a thread that died, a run past
//             the time limit, no engine) — a job refused by its own input is not an outage.
import type { ServiceKey } from "../../../../protocol/content";
import type { Queryable } from "../../../db/db";
import {
  queueHealth,
  type QuantJobKind,
  type QueueHealthRow,
} from "../../../db/repositories/quant-job-repository";
import type { Probe, ProbeOutcome } from "../../status/probes";
import type { JobRunner } from "./job-runner";

export const LAG_DEGRADED_MS = 2 * 60_000;
export const LAG_DOWN_MS = 15 * 60_000;

const KIND: Record<"backtest" | "optimise", QuantJobKind> = {
  backtest: "backtest",
  optimise: "optimisation",
};

export const LAB_SERVICES = [
  "lab",
  "backtest",
  "optimise",
] as const satisfies readonly ServiceKey[];

export function quantJobProbes(
  db: Queryable,
  runner: Pick<JobRunner, "threadError">,
): Record<(typeof LAB_SERVICES)[number], Probe> {
  const threads = (): ProbeOutcome | null => {
    const error = runner.threadError();
    return error === null ? null : { state: "down", detail: `job threads fail: ${error}` };
  };
  const kindProbe =
    (key: "backtest" | "optimise"): Probe =>
    async () => {
      const down = threads();
      if (down !== null) return down;
      const row = (await queueHealth(db)).find((r) => r.kind === KIND[key]);
      return row === undefined ? { state: "down", detail: "queue health unreadable" } : judge(row);
    };
  return {
    lab: async () => {
      const down = threads();
      if (down !== null) return down;
      const rows = await queueHealth(db);
      return { state: "up", detail: rows.map(summary).join("; ") };
    },
    backtest: kindProbe("backtest"),
    optimise: kindProbe("optimise"),
  };
}

/** The state one kind's queue is in (exported for tests). */
export function judge(row: QueueHealthRow): ProbeOutcome {
  const lag = row.oldest_queued_ms === null ? 0 : Number(row.oldest_queued_ms);
  const detail = summary(row);
  if (lag >= LAG_DOWN_MS) return { state: "down", detail };
  const failedLast =
    row.last_failed_at !== null &&
    (row.last_done_at === null || row.last_failed_at > row.last_done_at);
  if (lag >= LAG_DEGRADED_MS || row.stale_running > 0 || failedLast) {
    return { state: "degraded", detail };
  }
  return { state: "up", detail };
}

function summary(row: QueueHealthRow): string {
  const lag =
    row.oldest_queued_ms === null ? "none waiting" : `oldest waits ${row.oldest_queued_ms} ms`;
  const success =
    row.last_done_at === null ? "no success yet" : `last success ${row.last_done_at.toISOString()}`;
  const failure =
    row.last_failed_at === null ? "" : `, last service failure ${row.last_failed_at.toISOString()}`;
  const stale = row.stale_running > 0 ? `, ${row.stale_running} past their lease` : "";
  return `${row.kind}: ${lag}, ${success}${failure}${stale}`;
}
