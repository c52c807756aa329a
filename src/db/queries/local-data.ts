// "Clear local data" on /system: deletes the whole IndexedDB database so the sync layer rebuilds
// it from the server on the next start. The demo wallet's key is the one thing the server cannot
// give back (it is the account), so it is carried over into the new database.
import Dexie from "dexie";
import { closeDatabase, database, DB_NAME } from "../database";
import { clearSnapshot } from "../screen-snapshot";

/** How many outbox entries have not reached the server yet (they are lost by clearing). */
export async function countUnsent(): Promise<number> {
  return database().outbox.where("state").anyOf("waiting", "sending", "failed").count();
}

/** Deletes the database (other tabs close theirs on the version change) and keeps device keys. */
export async function deleteLocalData(): Promise<void> {
  const keys = await database().keys.toArray();
  closeDatabase();
  await Dexie.delete(DB_NAME);
  // The screens' copy of what it held goes with it.
  clearSnapshot();
  if (keys.length === 0) return;
  await database().keys.bulkPut(keys);
  closeDatabase();
}
