import { liveQuery } from "dexie";
import { useSyncExternalStore } from "react";
import { readSnapshot, writeSnapshot } from "./screen-snapshot";
import { getSessionUserId } from "./session";

/** What a screen sees of a live query: still loading, its latest value, or why it failed. */
export type LiveResult<T> =
  { status: "loading" } | { status: "ready"; value: T } | { status: "error"; error: unknown };

export interface LiveStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): LiveResult<T>;
}

export interface LiveStoreOptions<T> {
  /**
   * Keep a synchronous copy of the answer under this key (screen-snapshot.ts), for a first
   * screen's first content: the store starts "ready" with the copy instead of "loading", and the
   * query's own answer replaces it. The key names the query and its inputs ("setting:en:pitch").
   */
  snapshot?: string;
  /**
   * A re-run whose value equals the last one keeps the last snapshot and tells no one: the market
   * tables change four times a second under a burst, and a screen that reads only part of a table
   * (which symbols have tickers) need not render again for each flush.
   */
  equal?: (previous: T, next: T) => boolean;
}

/**
 * A Dexie live query as an external store: it re-runs whenever a table it read changes, in this
 * tab or another. Create it once per query input (useMemo) and read it with useLiveStore.
 */
export function liveStore<T>(
  querier: () => T | Promise<T>,
  options: LiveStoreOptions<T> = {},
): LiveStore<T> {
  const { snapshot: key, equal } = options;
  // The signed-in user when the store was made: a copy is only read and written for them.
  const userId = key === undefined ? null : getSessionUserId();
  const copy = key === undefined ? undefined : readSnapshot(userId, key);
  // The copy was written from this query's own answer under the same schema (screen-snapshot.ts).
  let snapshot: LiveResult<T> =
    copy === undefined ? { status: "loading" } : { status: "ready", value: copy.value as T };
  return {
    subscribe(listener) {
      const subscription = liveQuery(querier).subscribe({
        next: (value) => {
          if (snapshot.status === "ready" && equal?.(snapshot.value, value)) return;
          snapshot = { status: "ready", value };
          if (key !== undefined && userId !== null && getSessionUserId() === userId) {
            writeSnapshot(userId, key, value);
          }
          listener();
        },
        error: (error: unknown) => {
          snapshot = { status: "error", error };
          listener();
        },
      });
      return () => subscription.unsubscribe();
    },
    getSnapshot: () => snapshot,
  };
}

export function useLiveStore<T>(store: LiveStore<T>): LiveResult<T> {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
