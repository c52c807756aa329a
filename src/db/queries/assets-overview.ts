// Read hook over the signed-in user's assets overview as the sync layer last pulled it.
import { useMemo } from "react";
import { database, type AssetsOverviewRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { AssetsOverviewRow };

/** undefined until the first account pull stored one (or when signed out). */
export function useAssetsOverview(
  userId: string | null,
): LiveResult<AssetsOverviewRow | undefined> {
  const store = useMemo(
    () =>
      liveStore(() => (userId === null ? undefined : database().assetsOverview.get(userId)), {
        // /my's first content: copied for an instant start (screen-snapshot.ts).
        snapshot: "assets-overview",
      }),
    [userId],
  );
  return useLiveStore(store);
}
