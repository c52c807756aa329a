// Read hooks of the /spots screen: the user's orders (open ones, or the finished history, of one
// market or all), one order with its fills, and the trading terms the account pull stored.
import Dexie from "dexie";
import { useMemo } from "react";
import { database, type SpotConfigRow, type SpotOrderRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { SpotConfigRow, SpotOrderRow };

/** How many finished orders the history shows. */
export const SPOT_HISTORY_LIMIT = 50;

export type SpotOrderList = "open" | "done";

/** Newest first; `symbol` null means every market. */
export function readSpotOrders(
  userId: string | null,
  list: SpotOrderList,
  symbol: string | null,
  limit = SPOT_HISTORY_LIMIT,
): Promise<SpotOrderRow[]> {
  if (userId === null) return Promise.resolve([]);
  const table = database().spotOrders;
  if (list === "open" && symbol === null) {
    return table
      .where("[userId+status+createdAt]")
      .between([userId, "open", Dexie.minKey], [userId, "open", Dexie.maxKey])
      .reverse()
      .limit(limit)
      .toArray();
  }
  const range =
    symbol === null
      ? table.where("[userId+createdAt]").between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      : table
          .where("[userId+symbol+createdAt]")
          .between([userId, symbol, Dexie.minKey], [userId, symbol, Dexie.maxKey]);
  const open = list === "open";
  return range
    .reverse()
    .filter((row) => (row.status === "open") === open)
    .limit(limit)
    .toArray();
}

export function useSpotOrders(
  userId: string | null,
  list: SpotOrderList,
  symbol: string | null,
  limit = SPOT_HISTORY_LIMIT,
): LiveResult<SpotOrderRow[]> {
  const store = useMemo(
    () => liveStore(() => readSpotOrders(userId, list, symbol, limit)),
    [userId, list, symbol, limit],
  );
  return useLiveStore(store);
}

/** One order of the user, or null when this device does not hold it. */
export function useSpotOrder(userId: string | null, id: string): LiveResult<SpotOrderRow | null> {
  const store = useMemo(
    () =>
      liveStore(async () => {
        const row = await database().spotOrders.get(id);
        return row !== undefined && row.userId === userId ? row : null;
      }),
    [userId, id],
  );
  return useLiveStore(store);
}

/** undefined until the first account pull stored the terms (or when signed out). */
export function useSpotConfig(userId: string | null): LiveResult<SpotConfigRow | undefined> {
  const store = useMemo(
    () => liveStore(() => (userId === null ? undefined : database().spotConfig.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}
