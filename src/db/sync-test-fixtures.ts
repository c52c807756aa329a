// For tests of what the change log writes into IndexedDB: a fresh device with a signed-in user,
// and change-log entries and pages as GET /sync answers them.
import Dexie from "dexie";
import type { Message, SyncEntity } from "../../protocol";
import type { SpotOrder } from "../../protocol/spot";
import { CHANGE_APPLIERS, type KnownAppliers } from "./change-appliers";
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

/** An unread operator message, dated by its one-digit id. */
export function unreadMessage(id: string): Message {
  return {
    id,
    title: `Message ${id}`,
    summary: "",
    body: "Hello.",
    read: false,
    createdAt: `2026-01-0${id}T00:00:00Z`,
    kind: null,
    params: {},
  };
}

/** A limit buy of 0.01 BTC, open and not yet filled. */
export const openSpotOrder: SpotOrder = {
  id: "o1",
  symbol: "BTC/USDT",
  side: 0,
  type: 1,
  price: "60000",
  number: "0.01",
  filled: "0",
  avgPrice: null,
  fee: "0",
  status: "open",
  createdAt: "2026-01-02T00:00:00Z",
  filledAt: null,
  cancelledAt: null,
  reason: null,
  reasonCode: null,
  reasonParams: null,
  fills: [],
};

/** The appliers of an app that does not know `entity` yet (an older version of this one). */
export function appliersWithout(entity: SyncEntity): KnownAppliers {
  // Each entry is CHANGE_APPLIERS' own, still under its entity.
  return Object.fromEntries(
    Object.entries(CHANGE_APPLIERS).filter(([known]) => known !== entity),
  ) as KnownAppliers;
}
