// Favourite markets, kept on this device only (table `favourites`, Dexie version 7): the pair bar
// of the trading screens lists them first. Not synced: a star is a view preference, not account
// data, and it works offline at once.
import { useMemo } from "react";
import { database } from "./database";
import { liveStore, useLiveStore, type LiveResult } from "./live-store";

/** The starred symbols ("BTC/USDT"). */
export function useFavourites(): LiveResult<ReadonlySet<string>> {
  const store = useMemo(
    () =>
      liveStore(
        async () => new Set((await database().favourites.toArray()).map((row) => row.symbol)),
      ),
    [],
  );
  return useLiveStore(store);
}

/** Stars the symbol, or unstars it when it was starred; resolves to whether it is now starred. */
export async function toggleFavourite(symbol: string): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.favourites, async () => {
    if ((await db.favourites.get(symbol)) !== undefined) {
      await db.favourites.delete(symbol);
      return false;
    }
    await db.favourites.put({ symbol, addedAt: new Date().toISOString() });
    return true;
  });
}
