import { liveQuery } from "dexie";
import { useSyncExternalStore } from "react";

/** What a screen sees of a live query: still loading, its latest value, or why it failed. */
export type LiveResult<T> =
  { status: "loading" } | { status: "ready"; value: T } | { status: "error"; error: unknown };

export interface LiveStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): LiveResult<T>;
}

/**
 * A Dexie live query as an external store: it re-runs whenever a table it read changes, in this
 * tab or another. Create it once per query input (useMemo) and read it with useLiveStore.
 * With `equal`, a re-run whose value equals the last one keeps the last snapshot and tells no
 * one: the market tables change four times a second under a burst, and a screen that reads only
 * part of a table (which symbols have tickers) need not render again for each flush.
 */
export function liveStore<T>(
  querier: () => T | Promise<T>,
  equal?: (previous: T, next: T) => boolean,
): LiveStore<T> {
  let snapshot: LiveResult<T> = { status: "loading" };
  return {
    subscribe(listener) {
      const subscription = liveQuery(querier).subscribe({
        next: (value) => {
          if (snapshot.status === "ready" && equal?.(snapshot.value, value)) return;
          snapshot = { status: "ready", value };
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
