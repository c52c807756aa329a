// What the app's sync sees of a user's private data. Every domain function that changes a
// user's profile, identity or messages calls one of these inside its own transaction
// (DESIGN §3), with the entity as its own GET answers it. A user's first entry is preceded by
// the baseline (baseline.ts), so a log, once started, holds the user's whole state.
import { syncDelete, syncPut, type SyncEntity, type SyncPutArgs } from "../../../protocol/sync";
import type { Queryable } from "../../db/db";
import { appendChange, lockChangeHead } from "../../db/repositories/change-log-repository";
import { currentIdentity } from "../identity/identity-view";
import { startChangeLog } from "./baseline";
import { getProfile } from "../profile/get-profile";

/** The entity's new state (its id as the API names it; data of the entity's own type). */
export async function recordPut(
  tx: Queryable,
  userId: string,
  ...put: SyncPutArgs
): Promise<string> {
  await startChangeLog(tx, userId);
  return appendChange(tx, { userId, ...syncPut(...put) });
}

export async function recordDelete(
  tx: Queryable,
  userId: string,
  entity: SyncEntity,
  id: string,
): Promise<string> {
  await startChangeLog(tx, userId);
  return appendChange(tx, { userId, ...syncDelete(entity, id) });
}

/** The profile as GET /profile/profile answers it now (after the caller's writes). */
export async function recordProfile(tx: Queryable, userId: string): Promise<string> {
  // A baseline written just now already holds the current profile.
  const baseline = await startChangeLog(tx, userId);
  if (baseline !== null) return baseline;
  // Read after taking the head lock: a transaction that appended before us has committed, so
  // the profile we read includes its change (the profile derives from several tables).
  await lockChangeHead(tx, userId);
  return recordPut(tx, userId, "profile", userId, await getProfile(tx, userId));
}

/** The identity as GET /profile/identity answers it now; one entity per user ("current"). */
export async function recordIdentity(tx: Queryable, userId: string): Promise<string> {
  const baseline = await startChangeLog(tx, userId);
  if (baseline !== null) return baseline;
  await lockChangeHead(tx, userId);
  const identity = await currentIdentity(tx, userId);
  return identity === null
    ? recordDelete(tx, userId, "identity", "current")
    : recordPut(tx, userId, "identity", "current", identity);
}
