// Read hook over the /my Summary tab's data: GET /assets/summary (30 days) as the account pull
// last stored it for the signed-in user, so the tab renders offline.
import { useMemo } from "react";
import type { AssetsSummaryRow } from "../account-extras-rows";
import { database } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { AssetsSummaryRow };

/** undefined until an account pull stored one (or when signed out). */
export function useAssetsSummary(userId: string | null): LiveResult<AssetsSummaryRow | undefined> {
  const store = useMemo(
    () =>
      liveStore(async () => (userId === null ? undefined : database().assetsSummaries.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}
