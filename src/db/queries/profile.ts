// Read hook over the signed-in user's profile as the change log last delivered it.
import { useMemo } from "react";
import { database, type ProfileRow } from "../database";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { ProfileRow };

export function useProfile(userId: string | null): LiveResult<ProfileRow | undefined> {
  const store = useMemo(
    () => liveStore(() => (userId === null ? undefined : database().profile.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}
