// Read hook of the credit score card on /my: the weighted score as GET /profile/score last
// answered on this device (database v11), so it renders offline.
import { useMemo } from "react";
import type { WeightedScoreRow } from "../account-extras-rows";
import { database } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { WeightedScoreRow };

/** undefined until the score was read once on this device. */
export function useWeightedScore(userId: string | null): LiveResult<WeightedScoreRow | undefined> {
  const store = useMemo(
    () =>
      liveStore(async () => (userId === null ? undefined : database().weightedScores.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}
