// A job as the API answers it (GET /quant/backtests/{id}, /quant/optimisations/{id} and their
// lists) and as the change log's "quant-backtest" / "quant-optimisation" entities carry it; the
// one way a job's change reaches its user's log. A job's input is stored in its wire form (the
// normalised request), so the view is the stored input plus the job's state.
import type { KlineInterval } from "../../../../protocol/market";
import type {
  QuantBacktest,
  QuantBacktestResult,
  QuantOptimisation,
  QuantOptimisationResult,
  QuantParams,
  QuantStrategyId,
} from "../../../../protocol/quant";
import type { Queryable } from "../../../db/db";
import type { QuantJobRow } from "../../../db/repositories/quant-job-repository";
import { recordPut } from "../../sync/change-log";
import type { BacktestInput, JobPeriod, OptimisationInput } from "./job-input";

interface StoredPeriod {
  strategy: QuantStrategyId;
  symbol: string;
  interval: KlineInterval;
  from: string;
  to: string;
}
export interface StoredBacktestInput extends StoredPeriod {
  params: QuantParams;
  /** A plan's backtest runs at the plan's leverage; a lab backtest at 1 (absent). */
  leverage?: number;
}
export interface StoredOptimisationInput extends StoredPeriod {
  windows: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function storedPeriod(p: JobPeriod): StoredPeriod {
  return {
    strategy: p.strategy,
    symbol: p.symbol,
    interval: p.interval,
    from: iso(p.fromMs),
    to: iso(p.toMs),
  };
}

/** The normalised request: stored as the job's input and hashed for its Idempotency-Key. */
export function storedBacktestInput(input: BacktestInput): StoredBacktestInput {
  return { ...storedPeriod(input), params: input.params };
}

export function storedOptimisationInput(input: OptimisationInput): StoredOptimisationInput {
  return { ...storedPeriod(input), windows: input.windows };
}

/** A stored input back as the runner needs it (times in ms). */
export function periodOfStored(stored: StoredPeriod): JobPeriod {
  return {
    strategy: stored.strategy,
    symbol: stored.symbol,
    interval: stored.interval,
    fromMs: Date.parse(stored.from),
    toMs: Date.parse(stored.to),
  };
}

const time = (d: Date | null) => (d === null ? null : d.toISOString());

function jobFields(row: QuantJobRow, input: StoredPeriod) {
  return {
    id: row.id,
    status: row.status,
    strategy: input.strategy,
    symbol: input.symbol,
    interval: input.interval,
    from: input.from,
    to: input.to,
    createdAt: row.created_at.toISOString(),
    finishedAt: time(row.finished_at),
    failure: row.failure,
  };
}

export function toBacktest(row: QuantJobRow): QuantBacktest {
  const input = row.input as StoredBacktestInput;
  return {
    ...jobFields(row, input),
    params: input.params,
    result: row.status === "done" ? (row.result as QuantBacktestResult) : null,
  };
}

export function toOptimisation(row: QuantJobRow): QuantOptimisation {
  const input = row.input as StoredOptimisationInput;
  return {
    ...jobFields(row, input),
    windows: input.windows,
    result: row.status === "done" ? (row.result as QuantOptimisationResult) : null,
  };
}

export function toJobView(row: QuantJobRow): QuantBacktest | QuantOptimisation {
  return row.kind === "backtest" ? toBacktest(row) : toOptimisation(row);
}

/**
 * Appends the job's new state to its user's change log (inside the caller's transaction, after
 * its write). A plan's system job has no user and no log: GET /quant/plans carries its figures.
 */
export async function recordJob(tx: Queryable, row: QuantJobRow): Promise<void> {
  if (row.user_id === null) return;
  if (row.kind === "backtest") {
    await recordPut(tx, row.user_id, "quant-backtest", row.id, toBacktest(row));
  } else {
    await recordPut(tx, row.user_id, "quant-optimisation", row.id, toOptimisation(row));
  }
}
