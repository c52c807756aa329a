import { useMemo } from "react";
import { database, type IdentityRow } from "./database";
import { liveStore, useLiveStore, type LiveResult } from "./live-store";

export type { IdentityRow };

/** Replaces what the device knows of a user's identity submission (null: none on the server). */
export async function saveIdentity(
  userId: string,
  identity: Omit<IdentityRow, "userId" | "syncedAt"> | null,
): Promise<void> {
  const table = database().identity;
  if (identity === null) {
    await table.delete(userId);
    return;
  }
  await table.put({ ...identity, userId, syncedAt: new Date().toISOString() });
}

/** Sign-out: identity data never outlives the session on this device. */
export async function clearIdentities(): Promise<void> {
  await database().identity.clear();
}

/** The user's identity submission as stored; `value` is undefined when there is none. */
export function useIdentity(userId: string | null): LiveResult<IdentityRow | undefined> {
  const store = useMemo(
    () => liveStore(() => (userId === null ? undefined : database().identity.get(userId))),
    [userId],
  );
  return useLiveStore(store);
}
