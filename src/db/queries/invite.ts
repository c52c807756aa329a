// Read hook of the /invite screen: GET /invite as the account pull last stored it (database v11
// `invites`). IndexedDB only, so the page renders offline once it was read on this device.
import { useMemo } from "react";
import { database } from "../database";
import type { InviteRow } from "../account-extras-rows";
import { liveStore, useLiveStore, type LiveResult } from "../live-store";

export type { InviteRow };

/** undefined until the invite page was pulled once on this device for this user. */
export function useInvite(userId: string | null): LiveResult<InviteRow | undefined> {
  const store = useMemo(
    () => liveStore(async () => (userId === null ? undefined : database().invites.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}
