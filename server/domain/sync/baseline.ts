// A user's change log starts with a baseline: the profile, the identity and every message, as
// ordinary entries. Every first append writes it (change-log.ts), and so does the first GET /sync
// of a user who has no entry yet. Accounts older than the change log therefore get their whole
// state into it, and a device that starts from an empty cursor always rebuilds everything.
import { syncPut, type SyncPutArgs } from "../../../protocol/sync";
import type { Db, Queryable } from "../../db/db";
import {
  appendChange,
  changeHead,
  lockUserAgainstAppends,
} from "../../db/repositories/change-log-repository";
import { allMessages } from "../../db/repositories/message-repository";
import { currentIdentity } from "../identity/identity-view";
import { toMessage } from "../messages/message-view";
import { getProfile } from "../profile/get-profile";

/**
 * Inside the caller's transaction: writes the baseline unless the user already has a change
 * log. Answers the head it wrote, or null when there was a log already (or no such user).
 */
export async function startChangeLog(tx: Queryable, userId: string): Promise<string | null> {
  if ((await changeHead(tx, userId)) !== null) return null;
  // With appends for this user shut out until we commit, the re-check below is final, and the
  // states read after it are committed ones that no later entry can be older than.
  if (!(await lockUserAgainstAppends(tx, userId))) return null;
  if ((await changeHead(tx, userId)) !== null) return null;
  const put = (...args: SyncPutArgs) => appendChange(tx, { userId, ...syncPut(...args) });
  let head = await put("profile", userId, await getProfile(tx, userId));
  // A user who never submitted gets no identity entry (a delete of nothing is noise).
  const identity = await currentIdentity(tx, userId);
  if (identity !== null) head = await put("identity", "current", identity);
  for (const row of await allMessages(tx, userId)) {
    head = await put("message", row.id, toMessage(row));
  }
  return head;
}

/** GET /sync for a user without entries: the baseline in a transaction of its own. */
export function ensureBaseline(db: Db, userId: string): Promise<string | null> {
  return db.transaction(async (tx) => (await startChangeLog(tx, userId)) ?? changeHead(tx, userId));
}
