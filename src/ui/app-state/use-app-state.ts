import { useSyncExternalStore } from "react";
import { getServerInfo, subscribeServerInfo, type ServerInfo } from "../../db/server-info";
import { getSessionUserId, getToken, subscribeSession } from "../../db/session";
import { isOnline, subscribeOnline } from "../../sync/online";

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline);
}

export function useServerInfo(): ServerInfo | null {
  return useSyncExternalStore(subscribeServerInfo, getServerInfo);
}

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, () => getToken() !== null);
}

/** The signed-in user's profile id (from the stored session), or null. */
export function useSessionUserId(): string | null {
  return useSyncExternalStore(subscribeSession, getSessionUserId);
}
