// Persistent storage: browsers may evict an origin's IndexedDB under storage pressure (Safari
// also after weeks unused) unless navigator.storage.persist() was granted. Asked once, after
// sign-in (Chromium grants by engagement, Firefox asks the user); nothing is shown either way.
import { getSessionUserId } from "../db/session";
import { readPersistAnswer, writePersistAnswer } from "../db/sync-state";
import type { SyncEnvironment } from "./environment";

export async function askPersistOnce(env: SyncEnvironment): Promise<void> {
  const persist = env.persistStorage;
  if (persist === null || getSessionUserId() === null) return;
  try {
    if ((await readPersistAnswer()) !== null) return;
    const granted = await persist().catch(() => false);
    await writePersistAnswer(granted);
  } catch {
    // The database is closing; the next sign-in or start asks again.
  }
}
