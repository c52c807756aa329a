// The signed-in user's spot trading on the device: orders from the change log (applied inside
// account-data's page transaction) and from the order commands' answers (written at once, so
// the screen shows an order before the change log brings it), and the trading terms row.
import Dexie from "dexie";
import type { SpotConfig, SpotOrder } from "../../protocol/spot";
import { compare, isDecimalString } from "../../protocol/decimal";
import type { ChangeApplier } from "./change-applier";
import { database, type QuantaDatabase } from "./database";
import { getSessionUserId } from "./session";
import type { SpotConfigRow, SpotOrderRow } from "./spot-rows";

export type { SpotConfigRow, SpotOrderRow };

const STATUSES: ReadonlySet<unknown> = new Set(["open", "filled", "cancelled", "rejected"]);
/** An order in one of these states never changes again (the server never reopens one). */
const FINAL: ReadonlySet<string> = new Set(["filled", "cancelled", "rejected"]);

/** An order the table's keys and the screen can hold; anything else is skipped, like a bill. */
export function isStorableSpotOrder(data: unknown): data is SpotOrder {
  if (typeof data !== "object" || data === null) return false;
  const order = data as Partial<Record<keyof SpotOrder, unknown>>;
  return (
    typeof order.id === "string" &&
    typeof order.symbol === "string" &&
    (order.side === 0 || order.side === 1) &&
    (order.type === 0 || order.type === 1) &&
    isDecimalString(order.number) &&
    isDecimalString(order.filled) &&
    STATUSES.has(order.status) &&
    typeof order.createdAt === "string" &&
    Array.isArray(order.fills)
  );
}

/**
 * Whether `incoming` is at least as new as what is stored. Two writers race for a row: the order
 * command writes the server's answer, the change log writes its entries; a page read just before
 * a cancel must not bring a cancelled order back to "open", nor undo a fill.
 */
export function isNotOlder(stored: SpotOrder | undefined, incoming: SpotOrder): boolean {
  if (stored === undefined) return true;
  if (FINAL.has(stored.status)) return FINAL.has(incoming.status);
  if (FINAL.has(incoming.status)) return true;
  return compare(incoming.filled, stored.filled) >= 0;
}

async function putIfNotOlder(db: QuantaDatabase, userId: string, order: SpotOrder): Promise<void> {
  if (isNotOlder(await db.spotOrders.get(order.id), order)) {
    await db.spotOrders.put({ ...order, userId });
  }
}

/** The change log's "spot-order" entries (change-appliers.ts). */
export const spotOrderApplier: ChangeApplier<"spot-order"> = {
  tables: (db) => [db.spotOrders],
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.spotOrders.delete(change.id);
    else if (isStorableSpotOrder(change.data)) await putIfNotOlder(db, userId, change.data);
  },
};

/**
 * Stores an order the server just answered (placed or cancelled) unless the user signed out
 * meanwhile or the change log already brought a newer state. Answers whether it was stored.
 */
export async function saveSpotOrderAnswer(userId: string, order: SpotOrder): Promise<boolean> {
  if (!isStorableSpotOrder(order)) return false;
  const db = database();
  return db.transaction("rw", db.spotOrders, async () => {
    if (getSessionUserId() !== userId) return false;
    await putIfNotOlder(db, userId, order);
    return true;
  });
}

/** The tables clearSpotData writes. */
export function spotTables(db: QuantaDatabase) {
  return [db.spotOrders, db.spotConfig];
}

/** Forgets the user's orders and terms (sign-out, or a change log read again from the start). */
export async function clearSpotData(db: QuantaDatabase, userId: string): Promise<void> {
  await db.spotOrders
    .where("[userId+createdAt]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .delete();
  await db.spotConfig.delete(userId);
}

export async function readSpotConfig(userId: string): Promise<SpotConfigRow | undefined> {
  return database().spotConfig.get(userId);
}

/** Stores GET /spot/config unless the user signed out meanwhile; answers whether it was stored. */
export async function saveSpotConfig(
  userId: string,
  config: SpotConfig,
  readAt = new Date().toISOString(),
): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.spotConfig, async () => {
    if (getSessionUserId() !== userId) return false;
    await db.spotConfig.put({ userId, config, readAt });
    return true;
  });
}
