// Read hooks of the wallet screens (/recharge, /withdrawal) and the /my wallet balance: the
// user's recharges and withdrawals newest first, and the wallet facts row the sync layer stores.
import Dexie from "dexie";
import { useMemo } from "react";
import { database, type RechargeRow, type WalletInfoRow, type WithdrawalRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";
import { DEMO_WALLET_KEY_ID } from "../wallet-keys";

export type { RechargeRow, WalletInfoRow, WithdrawalRow };

/** How many history rows a wallet screen shows. */
export const WALLET_HISTORY_LIMIT = 50;

function newestOf<T>(
  table: Dexie.Table<T, string>,
  userId: string | null,
  limit: number,
): Promise<T[]> {
  if (userId === null) return Promise.resolve([]);
  return table
    .where("[userId+createdAt]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .reverse()
    .limit(limit)
    .toArray();
}

export function useRecharges(
  userId: string | null,
  limit = WALLET_HISTORY_LIMIT,
): LiveResult<RechargeRow[]> {
  const store = useMemo(
    () => liveStore(() => newestOf(database().recharges, userId, limit)),
    [userId, limit],
  );
  return useLiveStore(store);
}

export function useWithdrawals(
  userId: string | null,
  limit = WALLET_HISTORY_LIMIT,
): LiveResult<WithdrawalRow[]> {
  const store = useMemo(
    () => liveStore(() => newestOf(database().withdrawals, userId, limit)),
    [userId, limit],
  );
  return useLiveStore(store);
}

/** undefined until the first account pull stored wallet facts (or when signed out). */
export function useWalletInfo(userId: string | null): LiveResult<WalletInfoRow | undefined> {
  const store = useMemo(
    () => liveStore(() => (userId === null ? undefined : database().walletInfo.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}

/** Whether this device holds a demo wallet key (the key itself never reaches a screen). */
export function useHasDemoWalletKey(): LiveResult<boolean> {
  const store = useMemo(
    () => liveStore(async () => (await database().keys.get(DEMO_WALLET_KEY_ID)) !== undefined),
    [],
  );
  return useLiveStore(store);
}
