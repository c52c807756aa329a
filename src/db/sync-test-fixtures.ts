// For tests of what the change log writes into IndexedDB: a fresh device with a signed-in user,
// and change-log entries and pages as GET /sync answers them.
import Dexie from "dexie";
import type { ReceivedPage } from "./account-data";
import type { ReceivedChange } from "./change-appliers";
import { closeDatabase, DB_NAME } from "./database";
import { saveSession } from "./session";

/** No IndexedDB, no local storage, then `userId` signed in. */
export async function freshDevice(userId = "u1"): Promise<void> {
  localStorage.clear();
  closeDatabase();
  await Dexie.delete(DB_NAME);
  saveSession({ token: "t", name: null, avatar: null, info: { id: userId } });
}

/** A put as it arrives: any entity, any data (malformed data included). */
export function putChange(entity: string, id: string, data: unknown): ReceivedChange {
  return { entity, id, op: "put", data };
}

/** The last page of a pull (hasMore false), ending at `cursor`. */
export function syncPage(changes: ReceivedChange[], cursor: string): ReceivedPage {
  return { changes, cursor, hasMore: false };
}
