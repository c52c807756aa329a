// The signed-in user's options on the device: orders from the change log (applied inside
// account-data's page transaction) and from the order command's answer (written at once, so the
// screen shows the open order before the change log brings it); and the public products row.
import Dexie from "dexie";
import type { OptionsOrder, OptionsProduct } from "../../protocol/options";
import { isDecimalString } from "../../protocol/decimal";
import type { ChangeApplier } from "./change-applier";
import { database, type QuantaDatabase } from "./database";
import { getSessionUserId } from "./session";
import type { OptionsOrderRow, OptionsProductsRow } from "./options-rows";

export type { OptionsOrderRow, OptionsProductsRow };

const DIRECTIONS: ReadonlySet<unknown> = new Set(["up", "down"]);
const RESULTS: ReadonlySet<unknown> = new Set([null, "win", "lose", "tie", "void"]);

/** An order the table's keys and the screen can hold; anything else is skipped, like a bill. */
export function isStorableOptionsOrder(data: unknown): data is OptionsOrder {
  if (typeof data !== "object" || data === null) return false;
  const order = data as Partial<Record<keyof OptionsOrder, unknown>>;
  return (
    typeof order.id === "string" &&
    typeof order.symbol === "string" &&
    DIRECTIONS.has(order.direction) &&
    typeof order.seconds === "number" &&
    isDecimalString(order.number) &&
    RESULTS.has(order.result) &&
    typeof order.time === "string" &&
    typeof order.expiresAt === "string"
  );
}

/**
 * Whether `incoming` is at least as new as what is stored: a settled order never changes again,
 * so a page read before the settlement must not bring it back to open.
 */
export function isNotOlder(stored: OptionsOrder | undefined, incoming: OptionsOrder): boolean {
  return stored === undefined || stored.result === null || incoming.result !== null;
}

async function putIfNotOlder(db: QuantaDatabase, userId: string, order: OptionsOrder) {
  if (isNotOlder(await db.optionsOrders.get(order.id), order)) {
    await db.optionsOrders.put({ ...order, userId });
  }
}

/** The change log's "options-order" entries (change-appliers.ts). */
export const optionsOrderApplier: ChangeApplier<"options-order"> = {
  tables: (db) => [db.optionsOrders],
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.optionsOrders.delete(change.id);
    else if (isStorableOptionsOrder(change.data)) await putIfNotOlder(db, userId, change.data);
  },
};

/**
 * Stores an order the server just answered unless the user signed out meanwhile or the change
 * log already brought a newer state. Answers whether it was stored.
 */
export async function saveOptionsOrderAnswer(
  userId: string,
  order: OptionsOrder,
): Promise<boolean> {
  if (!isStorableOptionsOrder(order)) return false;
  const db = database();
  return db.transaction("rw", db.optionsOrders, async () => {
    if (getSessionUserId() !== userId) return false;
    await putIfNotOlder(db, userId, order);
    return true;
  });
}

/** The tables clearOptionsData writes. */
export function optionsTables(db: QuantaDatabase) {
  return [db.optionsOrders];
}

/**
 * Forgets the user's orders (sign-out, or a change log read again from the start). The products
 * are public terms, not the user's: they stay.
 */
export async function clearOptionsData(db: QuantaDatabase, userId: string): Promise<void> {
  await db.optionsOrders
    .where("[userId+time]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .delete();
}

export async function readOptionsProducts(): Promise<OptionsProductsRow | undefined> {
  return database().optionsProducts.get("current");
}

/** Stores GET /options/products as the one current row. */
export async function saveOptionsProducts(
  products: OptionsProduct[],
  readAt = new Date().toISOString(),
): Promise<void> {
  await database().optionsProducts.put({ key: "current", products, readAt });
}
