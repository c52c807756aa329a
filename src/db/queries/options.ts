// Read hooks of the /options screen: the products as last pulled, the user's open option (at
// most one: the server allows no second), and the settled history, newest first.
import Dexie from "dexie";
import { useMemo } from "react";
import { database } from "../database";
import type { OptionsOrderRow, OptionsProductsRow } from "../options-rows";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { OptionsOrderRow, OptionsProductsRow };

/** How many settled options the history shows. */
export const OPTIONS_HISTORY_LIMIT = 50;

function newestFirst(userId: string) {
  return database()
    .optionsOrders.where("[userId+time]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse();
}

/** The newest unsettled option of the user, or null. */
export function readOpenOptionsOrder(userId: string | null): Promise<OptionsOrderRow | null> {
  if (userId === null) return Promise.resolve(null);
  return newestFirst(userId)
    .filter((row) => row.result === null)
    .first()
    .then((row) => row ?? null);
}

/** Settled options (won, lost, tied or void), newest first. */
export function readOptionsHistory(
  userId: string | null,
  limit = OPTIONS_HISTORY_LIMIT,
): Promise<OptionsOrderRow[]> {
  if (userId === null) return Promise.resolve([]);
  return newestFirst(userId)
    .filter((row) => row.result !== null)
    .limit(limit)
    .toArray();
}

/** undefined until the products were pulled once on this device. */
export function useOptionsProducts(): LiveResult<OptionsProductsRow | undefined> {
  const store = useMemo(() => liveStore(() => database().optionsProducts.get("current")), []);
  return useLiveStore(store);
}

export function useOpenOptionsOrder(userId: string | null): LiveResult<OptionsOrderRow | null> {
  const store = useMemo(() => liveStore(() => readOpenOptionsOrder(userId)), [userId]);
  return useLiveStore(store);
}

export function useOptionsHistory(
  userId: string | null,
  limit = OPTIONS_HISTORY_LIMIT,
): LiveResult<OptionsOrderRow[]> {
  const store = useMemo(() => liveStore(() => readOptionsHistory(userId, limit)), [userId, limit]);
  return useLiveStore(store);
}
