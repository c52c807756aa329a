// Read hooks of the /contract screen: the terms as last pulled, and the user's orders by state —
// open positions, waiting limit orders, the completed history — newest first. They read only
// IndexedDB, so positions and history render offline.
import Dexie from "dexie";
import { useMemo } from "react";
import type { ContractState } from "../../../protocol/contract";
import { database } from "../database";
import type { ContractConfigRow, ContractOrderRow } from "../contract-rows";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { ContractConfigRow, ContractOrderRow };

/** How many completed orders the history shows. */
export const CONTRACT_HISTORY_LIMIT = 50;

/** The user's orders in one state, newest first. */
export function readContractOrders(
  userId: string | null,
  state: ContractState,
  limit = CONTRACT_HISTORY_LIMIT,
): Promise<ContractOrderRow[]> {
  if (userId === null) return Promise.resolve([]);
  return database()
    .contractOrders.where("[userId+state+time]")
    .between([userId, state, Dexie.minKey], [userId, state, Dexie.maxKey])
    .reverse()
    .limit(limit)
    .toArray();
}

export function useContractOrders(
  userId: string | null,
  state: ContractState,
  limit = CONTRACT_HISTORY_LIMIT,
): LiveResult<ContractOrderRow[]> {
  const store = useMemo(
    () => liveStore(() => readContractOrders(userId, state, limit)),
    [userId, state, limit],
  );
  return useLiveStore(store);
}

/** undefined until the terms were pulled once on this device. */
export function useContractConfig(): LiveResult<ContractConfigRow | undefined> {
  const store = useMemo(() => liveStore(() => database().contractConfig.get("current")), []);
  return useLiveStore(store);
}
