// Stores what /my and /invite read beyond the change log (database v11): the weighted score,
// the assets summary and the invite page, each as its GET answered, unless the user signed out
// while it was being read. Cleared with the rest of the user's data.
import type { Static } from "@sinclair/typebox";
import type { AssetsSummaryAnswer } from "../../protocol/endpoints/assets";
import type { InviteAnswer } from "../../protocol/endpoints/invite";
import type { ScoreAnswer } from "../../protocol/endpoints/profile";
import { database, type QuantaDatabase } from "./database";
import { getSessionUserId } from "./session";

/** The tables clearAccountExtras writes. */
export function accountExtrasTables(db: QuantaDatabase) {
  return [db.weightedScores, db.assetsSummaries, db.invites];
}

/** Forgets the user's score, summary and invite page (sign-out, or a change log read again). */
export async function clearAccountExtras(db: QuantaDatabase, userId: string): Promise<void> {
  for (const table of accountExtrasTables(db)) await table.delete(userId);
}

type Extras = {
  weightedScores: Static<typeof ScoreAnswer>;
  assetsSummaries: Static<typeof AssetsSummaryAnswer>;
  invites: Static<typeof InviteAnswer>;
};

/** Stores one answer for `userId`; false when the user signed out meanwhile. */
export async function saveAccountExtra<K extends keyof Extras>(
  table: K,
  userId: string,
  answer: Extras[K],
  readAt = new Date().toISOString(),
): Promise<boolean> {
  const db = database();
  // The three tables share one shape (answer + userId + readAt); Dexie's Table<T> types do not
  // unify across a key union, so the put goes through the narrowest common type.
  const target = db[table] as unknown as {
    put(row: Extras[K] & { userId: string; readAt: string }): Promise<unknown>;
  };
  return db.transaction("rw", db[table], async () => {
    if (getSessionUserId() !== userId) return false;
    await target.put({ ...answer, userId, readAt });
    return true;
  });
}
