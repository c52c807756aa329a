// Read hooks of the /intelligent screen: the plan catalogue, the user's quota, running and ended
// plans (newest first), a plan's trades, the plans' recorded backtests and the user's lab jobs.
// They read only IndexedDB, so everything seen once renders offline.
import Dexie from "dexie";
import { useMemo } from "react";
import { database } from "../database";
import type {
  QuantBacktestRow,
  QuantCatalogueRow,
  QuantOptimisationRow,
  QuantPlanBacktestRow,
  QuantQuotaRow,
  QuantSubscriptionRow,
  QuantTradeRow,
} from "../quant-rows";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type {
  QuantBacktestRow,
  QuantCatalogueRow,
  QuantOptimisationRow,
  QuantPlanBacktestRow,
  QuantQuotaRow,
  QuantSubscriptionRow,
  QuantTradeRow,
};

/** How many ended plans, trades and lab jobs a list shows. */
export const QUANT_LIST_LIMIT = 50;

/** undefined until the catalogue was pulled once on this device. */
export function useQuantCatalogue(): LiveResult<QuantCatalogueRow | undefined> {
  const store = useMemo(() => liveStore(() => database().quantCatalogue.get("current")), []);
  return useLiveStore(store);
}

export function useQuantQuota(userId: string | null): LiveResult<QuantQuotaRow | undefined> {
  const store = useMemo(
    () => liveStore(async () => (userId === null ? undefined : database().quantQuota.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}

/** The user's plans that are running, or that have ended (delivered or stopped), newest first. */
export function readQuantSubscriptions(
  userId: string | null,
  which: "running" | "ended",
): Promise<QuantSubscriptionRow[]> {
  if (userId === null) return Promise.resolve([]);
  return database()
    .quantSubscriptions.where("[userId+startedAt]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .filter((row) => (which === "running") === (row.status === "running"))
    .limit(QUANT_LIST_LIMIT)
    .toArray();
}

export function useQuantSubscriptions(
  userId: string | null,
  which: "running" | "ended",
): LiveResult<QuantSubscriptionRow[]> {
  const store = useMemo(
    () => liveStore(() => readQuantSubscriptions(userId, which)),
    [userId, which],
  );
  return useLiveStore(store);
}

/** A plan's trades on this device, newest first. */
export function useQuantTrades(subscriptionId: string): LiveResult<QuantTradeRow[]> {
  const store = useMemo(
    () =>
      liveStore(() =>
        database()
          .quantTrades.where("[subscriptionId+time]")
          .between([subscriptionId, Dexie.minKey], [subscriptionId, Dexie.maxKey])
          .reverse()
          .limit(QUANT_LIST_LIMIT)
          .toArray(),
      ),
    [subscriptionId],
  );
  return useLiveStore(store);
}

/** A plan's recorded backtest, undefined until read once. */
export function useQuantPlanBacktest(
  id: string | null,
): LiveResult<QuantPlanBacktestRow | undefined> {
  const store = useMemo(
    () => liveStore(async () => (id === null ? undefined : database().quantPlanBacktests.get(id))),
    [id],
  );
  return useLiveStore(store);
}

/** The user's rows of a lab job table, newest first. */
function useNewestJobs<R extends QuantBacktestRow | QuantOptimisationRow>(
  userId: string | null,
  table: (db: ReturnType<typeof database>) => Dexie.Table<R, string>,
): LiveResult<R[]> {
  const store = useMemo(
    () =>
      liveStore(async (): Promise<R[]> =>
        userId === null
          ? []
          : table(database())
              .where("[userId+createdAt]")
              .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
              .reverse()
              .limit(QUANT_LIST_LIMIT)
              .toArray(),
      ),
    [userId, table],
  );
  return useLiveStore(store);
}

const backtestTable = (db: ReturnType<typeof database>) => db.quantBacktests;
const optimisationTable = (db: ReturnType<typeof database>) => db.quantOptimisations;

/** The user's backtests, newest first. */
export function useQuantBacktests(userId: string | null): LiveResult<QuantBacktestRow[]> {
  return useNewestJobs(userId, backtestTable);
}

/** The user's optimisations, newest first. */
export function useQuantOptimisations(userId: string | null): LiveResult<QuantOptimisationRow[]> {
  return useNewestJobs(userId, optimisationTable);
}
