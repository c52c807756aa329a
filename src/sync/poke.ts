// What a poke from /ws/account asks of this device: a pull, unless the change log's head it
// announces is the cursor this device already holds.
import type { AccountPoke } from "../../protocol";
import { readCursor } from "../db/sync-state";

/**
 * Whether `poke` announces entries this device has not pulled. A cursor that cannot be read (the
 * browser closed or cleared the database while the app ran) counts as behind: the pull rebuilds
 * on the reopened database. Never rejects: the socket's callback fires and forgets it.
 */
export async function pokeIsNew(userId: string, poke: AccountPoke): Promise<boolean> {
  const stored = await readCursor(userId).catch(() => null);
  return stored !== poke.cursor;
}
