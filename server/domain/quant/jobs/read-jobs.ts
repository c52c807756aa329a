// GET /quant/backtests[/{id}] and /quant/optimisations[/{id}]: a user reads their own jobs, and
// any signed-in user reads a plan's system backtest (GET /quant/plans links it by id, with its
// equity curve and assumptions). Anything else is 404, the same as an id that does not exist.
import type { ListPage } from "../../../../protocol/list";
import type { QuantBacktest, QuantOptimisation } from "../../../../protocol/quant";
import type { Queryable } from "../../../db/db";
import {
  findQuantJob,
  listUserQuantJobs,
  type QuantJobKind,
} from "../../../db/repositories/quant-job-repository";
import { refusal } from "../../errors";
import { toPage } from "../../operators/list-page";
import { toBacktest, toOptimisation } from "./job-view";

const NOT_FOUND = {
  backtest: "No such backtest",
  optimisation: "No such optimisation",
} as const;

async function readable(db: Queryable, userId: string, id: string, kind: QuantJobKind) {
  const row = await findQuantJob(db, id);
  if (row === null || row.kind !== kind || (row.user_id !== userId && row.plan_id === null)) {
    throw refusal("NOT_FOUND", NOT_FOUND[kind]);
  }
  return row;
}

export async function getBacktest(
  db: Queryable,
  userId: string,
  id: string,
): Promise<QuantBacktest> {
  return toBacktest(await readable(db, userId, id, "backtest"));
}

export async function getOptimisation(
  db: Queryable,
  userId: string,
  id: string,
): Promise<QuantOptimisation> {
  return toOptimisation(await readable(db, userId, id, "optimisation"));
}

interface PageQuery {
  cursor: string | null;
  limit: number;
}

export async function listBacktests(
  db: Queryable,
  userId: string,
  q: PageQuery,
): Promise<ListPage<QuantBacktest>> {
  const rows = await listUserQuantJobs(db, {
    userId,
    kind: "backtest",
    before: q.cursor,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toBacktest);
}

export async function listOptimisations(
  db: Queryable,
  userId: string,
  q: PageQuery,
): Promise<ListPage<QuantOptimisation>> {
  const rows = await listUserQuantJobs(db, {
    userId,
    kind: "optimisation",
    before: q.cursor,
    limit: q.limit + 1,
  });
  return toPage(rows, q.limit, toOptimisation);
}
