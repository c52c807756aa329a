// POST /quant/backtests and /quant/optimisations (Idempotency-Key required): the body is checked
// field by field (job-input.ts) and against the record (job-period.ts), then the job is queued —
// row, change-log entry and stored answer in one transaction, so a refused request changes
// nothing — unless the user already has USER_JOB_LIMIT jobs queued or running (429 JOBS_LIMIT).
// The runner is poked after commit; it runs the job in a worker thread, off the request path.
import type { Static } from "@sinclair/typebox";
import type { JobCreatedAnswer } from "../../../../protocol/endpoints/quant";
import type { Db } from "../../../db/db";
import {
  countOpenQuantJobs,
  insertQuantJob,
  lockUserForJobs,
  type QuantJobKind,
} from "../../../db/repositories/quant-job-repository";
import { DomainError } from "../../errors";
import { userScope, withIdempotency } from "../../idempotency/with-idempotency";
import { USER_JOB_LIMIT } from "./job-config";
import { parseBacktestInput, parseOptimisationInput, type JobPeriod } from "./job-input";
import { assertRecordedPeriod } from "./job-period";
import { recordJob, storedBacktestInput, storedOptimisationInput } from "./job-view";

/** POST /quant/backtests and /quant/optimisations: `{ id, status }`. */
export type JobCreated = Static<typeof JobCreatedAnswer>;

export const BACKTEST_ROUTE = "POST /quant/backtests";
export const OPTIMISATION_ROUTE = "POST /quant/optimisations";
/** Poked (payload: the job id) when a job is queued, so an idle runner starts at once. */
export const QUANT_JOB_CHANNEL = "quanta_quant_job";

export interface SubmitJobCommand {
  userId: string;
  body: unknown;
  idempotencyKey: string;
  now?: () => number;
}

export function submitBacktest(db: Db, command: SubmitJobCommand): Promise<JobCreated> {
  const input = parseBacktestInput(fieldsOf(command.body));
  return submit(db, command, "backtest", input, storedBacktestInput(input));
}

export function submitOptimisation(db: Db, command: SubmitJobCommand): Promise<JobCreated> {
  const input = parseOptimisationInput(fieldsOf(command.body));
  return submit(db, command, "optimisation", input, storedOptimisationInput(input));
}

function fieldsOf(body: unknown): Record<string, unknown> {
  // Fastify has checked it is an object (the endpoint's body schema).
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
}

async function submit(
  db: Db,
  command: SubmitJobCommand,
  kind: QuantJobKind,
  period: JobPeriod,
  stored: object,
): Promise<JobCreated> {
  const now = command.now ?? Date.now;
  await assertRecordedPeriod(db, period, now());
  const answer = await withIdempotency(
    db,
    {
      scope: userScope(command.userId),
      route: kind === "backtest" ? BACKTEST_ROUTE : OPTIMISATION_ROUTE,
      key: command.idempotencyKey,
      body: stored,
    },
    async (tx) => {
      await lockUserForJobs(tx, command.userId);
      if ((await countOpenQuantJobs(tx, command.userId)) >= USER_JOB_LIMIT) {
        throw new DomainError(
          "JOBS_LIMIT",
          { limit: USER_JOB_LIMIT },
          `You already have ${USER_JOB_LIMIT} backtests or optimisations waiting or running; ` +
            "try again when one has finished",
        );
      }
      const row = await insertQuantJob(tx, {
        kind,
        owner: { userId: command.userId },
        input: stored,
      });
      await recordJob(tx, row);
      await tx.notify(QUANT_JOB_CHANNEL, [row.id]);
      const data: JobCreated = { id: row.id, status: row.status };
      return { statusCode: 200, data };
    },
  );
  return answer.data;
}
