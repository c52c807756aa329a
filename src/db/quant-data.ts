// The signed-in user's quant plans, backtests and optimisations on the device: from the change
// log (applied inside account-data's page transaction) and from the commands' answers; the
// user's quota and plans' trades from their GETs; and the public catalogue row (plans and
// strategies) and the plans' recorded backtests.
import type { Table } from "dexie";
import { isDecimalString } from "../../protocol/decimal";
import type { SyncEntityData } from "../../protocol/sync";
import type {
  QuantBacktest,
  QuantOptimisation,
  QuantPlan,
  QuantQuota,
  QuantStrategyInfo,
  QuantSubscription,
  QuantTrade,
} from "../../protocol/quant";
import type { ChangeApplier } from "./change-applier";
import { database, type QuantaDatabase } from "./database";
import type {
  QuantBacktestRow,
  QuantCatalogueRow,
  QuantOptimisationRow,
  QuantPlanBacktestRow,
  QuantQuotaRow,
  QuantSubscriptionRow,
  QuantTradeRow,
} from "./quant-rows";
import { getSessionUserId } from "./session";

export type {
  QuantBacktestRow,
  QuantCatalogueRow,
  QuantOptimisationRow,
  QuantPlanBacktestRow,
  QuantQuotaRow,
  QuantSubscriptionRow,
  QuantTradeRow,
};

const SUBSCRIPTION_STATUSES: ReadonlySet<unknown> = new Set(["running", "delivered", "stopped"]);
const JOB_STATUSES: ReadonlySet<unknown> = new Set(["queued", "running", "done", "failed"]);

/** A subscription the table's keys and the screen can hold; anything else is skipped. */
export function isStorableQuantSubscription(data: unknown): data is QuantSubscription {
  if (typeof data !== "object" || data === null) return false;
  const row = data as Partial<Record<keyof QuantSubscription, unknown>>;
  return (
    typeof row.id === "string" &&
    typeof row.planId === "string" &&
    isDecimalString(row.amount) &&
    SUBSCRIPTION_STATUSES.has(row.status) &&
    typeof row.startedAt === "string" &&
    Array.isArray(row.positions)
  );
}

/** A backtest or optimisation the table's keys and the screen can hold. */
export function isStorableQuantJob<J extends QuantBacktest | QuantOptimisation>(
  data: unknown,
): data is J {
  if (typeof data !== "object" || data === null) return false;
  const row = data as Partial<Record<keyof QuantBacktest, unknown>>;
  return (
    typeof row.id === "string" &&
    JOB_STATUSES.has(row.status) &&
    typeof row.createdAt === "string" &&
    typeof row.symbol === "string"
  );
}

/** A plan only moves from running to ended; an ended copy is never replaced by a running one. */
export function isNotOlderSubscription(
  stored: QuantSubscription | undefined,
  incoming: QuantSubscription,
): boolean {
  return stored === undefined || stored.status === "running" || incoming.status !== "running";
}

const JOB_ORDER = { queued: 0, running: 1, done: 2, failed: 2 } as const;

/** A job only moves forward: queued → running → done or failed. */
export function isNotOlderJob(
  stored: { status: keyof typeof JOB_ORDER } | undefined,
  incoming: { status: keyof typeof JOB_ORDER },
): boolean {
  return stored === undefined || JOB_ORDER[incoming.status] >= JOB_ORDER[stored.status];
}

async function putSubscription(db: QuantaDatabase, userId: string, row: QuantSubscription) {
  if (isNotOlderSubscription(await db.quantSubscriptions.get(row.id), row)) {
    await db.quantSubscriptions.put({ ...row, userId });
  }
}

/** The change log's "quant-subscription" entries (change-appliers.ts). */
export const quantSubscriptionApplier: ChangeApplier<"quant-subscription"> = {
  tables: (db) => [db.quantSubscriptions],
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.quantSubscriptions.delete(change.id);
    else if (isStorableQuantSubscription(change.data))
      await putSubscription(db, userId, change.data);
  },
};

/** A job applier: backtests and optimisations differ only in their entity and table. */
function quantJobApplier<E extends "quant-backtest" | "quant-optimisation">(
  table: (db: QuantaDatabase) => Table<SyncEntityData[E] & { userId: string }, string>,
): ChangeApplier<E> {
  return {
    tables: (db) => [table(db)],
    async apply(change, { db, userId }) {
      if (change.op === "delete") await table(db).delete(change.id);
      else if (isStorableQuantJob<SyncEntityData[E]>(change.data)) {
        if (isNotOlderJob(await table(db).get(change.id), change.data)) {
          await table(db).put({ ...change.data, userId });
        }
      }
    },
  };
}

/** The change log's "quant-backtest" entries. */
export const quantBacktestApplier = quantJobApplier<"quant-backtest">((db) => db.quantBacktests);

/** The change log's "quant-optimisation" entries. */
export const quantOptimisationApplier = quantJobApplier<"quant-optimisation">(
  (db) => db.quantOptimisations,
);

/**
 * Stores a subscription the server just answered unless the user signed out meanwhile or the
 * change log already brought a newer state. Answers whether it was stored.
 */
export async function saveQuantSubscriptionAnswer(
  userId: string,
  row: QuantSubscription,
): Promise<boolean> {
  if (!isStorableQuantSubscription(row)) return false;
  const db = database();
  return db.transaction("rw", db.quantSubscriptions, async () => {
    if (getSessionUserId() !== userId) return false;
    await putSubscription(db, userId, row);
    return true;
  });
}

/** The tables clearQuantData writes. */
export function quantTables(db: QuantaDatabase) {
  return [
    db.quantSubscriptions,
    db.quantBacktests,
    db.quantOptimisations,
    db.quantQuota,
    db.quantTrades,
  ];
}

/** Forgets the user's plans, jobs, quota and trades (sign-out, or a change log read again). */
export async function clearQuantData(db: QuantaDatabase, userId: string): Promise<void> {
  for (const table of [
    db.quantSubscriptions,
    db.quantBacktests,
    db.quantOptimisations,
    db.quantTrades,
  ]) {
    await table.where("userId").equals(userId).delete();
  }
  await db.quantQuota.delete(userId);
}

/** Stores GET /quant/quota unless the user signed out meanwhile. */
export async function saveQuantQuota(
  userId: string,
  quota: QuantQuota,
  readAt = new Date().toISOString(),
): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.quantQuota, async () => {
    if (getSessionUserId() !== userId) return false;
    await db.quantQuota.put({ ...quota, userId, readAt });
    return true;
  });
}

/** Stores a page of a plan's trades (trades never change once made: a put is enough). */
export async function saveQuantTrades(userId: string, trades: QuantTrade[]): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.quantTrades, async () => {
    if (getSessionUserId() !== userId) return false;
    await db.quantTrades.bulkPut(trades.map((trade) => ({ ...trade, userId })));
    return true;
  });
}

/** Stores a backtest or optimisation the server just answered, unless a newer state is stored. */
export async function saveQuantJobAnswer(
  userId: string,
  job:
    { kind: "backtest"; data: QuantBacktest } | { kind: "optimisation"; data: QuantOptimisation },
): Promise<boolean> {
  if (!isStorableQuantJob(job.data)) return false;
  const db = database();
  const table = job.kind === "backtest" ? db.quantBacktests : db.quantOptimisations;
  return db.transaction("rw", table, async () => {
    if (getSessionUserId() !== userId) return false;
    if (job.kind === "backtest") {
      if (isNotOlderJob(await db.quantBacktests.get(job.data.id), job.data)) {
        await db.quantBacktests.put({ ...job.data, userId });
      }
    } else if (isNotOlderJob(await db.quantOptimisations.get(job.data.id), job.data)) {
      await db.quantOptimisations.put({ ...job.data, userId });
    }
    return true;
  });
}

/** A plan's recorded backtest as last read (public: kept at sign-out, like the catalogue). */
export async function readQuantPlanBacktest(id: string): Promise<QuantPlanBacktestRow | undefined> {
  return database().quantPlanBacktests.get(id);
}

/** Forgets the recorded backtests no plan of the catalogue links any more (recomputed daily). */
export async function pruneQuantPlanBacktests(keep: readonly string[]): Promise<void> {
  const linked = new Set(keep);
  await database()
    .quantPlanBacktests.filter((row) => !linked.has(row.id))
    .delete();
}

/** Stores a plan's recorded backtest once it is done (only finished ones are worth keeping). */
export async function saveQuantPlanBacktest(backtest: QuantBacktest): Promise<void> {
  if (!isStorableQuantJob<QuantBacktest>(backtest)) return;
  await database().quantPlanBacktests.put(backtest);
}

export async function readQuantCatalogue(): Promise<QuantCatalogueRow | undefined> {
  return database().quantCatalogue.get("current");
}

/** Stores the public plans and strategies as the one current row (kept at sign-out). */
export async function saveQuantCatalogue(
  plans: QuantPlan[],
  strategies: QuantStrategyInfo[],
  readAt = new Date().toISOString(),
): Promise<void> {
  await database().quantCatalogue.put({ key: "current", plans, strategies, readAt });
}
