// The signed-in user's contract orders on the device: from the change log (applied inside
// account-data's page transaction) and from the commands' answers (written at once, so the
// screen shows a new position before the change log brings it); and the public terms row.
import Dexie from "dexie";
import type { ContractConfig, ContractOrder } from "../../protocol/contract";
import { isDecimalString } from "../../protocol/decimal";
import type { ChangeApplier } from "./change-applier";
import type { ContractConfigRow, ContractOrderRow } from "./contract-rows";
import { database, type QuantaDatabase } from "./database";
import { getSessionUserId } from "./session";

export type { ContractConfigRow, ContractOrderRow };

const DIRECTIONS: ReadonlySet<unknown> = new Set(["long", "short"]);
const STATES: ReadonlySet<unknown> = new Set([0, 1, 2]);

/** An order the table's keys and the screen can hold; anything else is skipped, like a bill. */
export function isStorableContractOrder(data: unknown): data is ContractOrder {
  if (typeof data !== "object" || data === null) return false;
  const order = data as Partial<Record<keyof ContractOrder, unknown>>;
  return (
    typeof order.id === "string" &&
    typeof order.symbol === "string" &&
    DIRECTIONS.has(order.direction) &&
    typeof order.leverage === "number" &&
    isDecimalString(order.quantity) &&
    isDecimalString(order.price) &&
    isDecimalString(order.margin) &&
    STATES.has(order.state) &&
    typeof order.time === "string"
  );
}

/**
 * Whether `incoming` is at least as new as what is stored: states only move forward (0 → 1 → 2),
 * so a page read before a close must not reopen the position. Within one state the newer copy
 * wins (take-profit and stop-loss change while it is open).
 */
export function isNotOlder(stored: ContractOrder | undefined, incoming: ContractOrder): boolean {
  return stored === undefined || incoming.state >= stored.state;
}

async function putIfNotOlder(db: QuantaDatabase, userId: string, order: ContractOrder) {
  if (isNotOlder(await db.contractOrders.get(order.id), order)) {
    await db.contractOrders.put({ ...order, userId });
  }
}

/** The change log's "contract-order" entries (change-appliers.ts). */
export const contractOrderApplier: ChangeApplier<"contract-order"> = {
  tables: (db) => [db.contractOrders],
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.contractOrders.delete(change.id);
    else if (isStorableContractOrder(change.data)) await putIfNotOlder(db, userId, change.data);
  },
};

/**
 * Stores an order the server just answered unless the user signed out meanwhile or the change
 * log already brought a newer state. Answers whether it was stored.
 */
export async function saveContractOrderAnswer(
  userId: string,
  order: ContractOrder,
): Promise<boolean> {
  if (!isStorableContractOrder(order)) return false;
  const db = database();
  return db.transaction("rw", db.contractOrders, async () => {
    if (getSessionUserId() !== userId) return false;
    await putIfNotOlder(db, userId, order);
    return true;
  });
}

/** The tables clearContractData writes. */
export function contractTables(db: QuantaDatabase) {
  return [db.contractOrders];
}

/** Forgets the user's orders (sign-out, or a change log read again from the start). */
export async function clearContractData(db: QuantaDatabase, userId: string): Promise<void> {
  await db.contractOrders
    .where("[userId+time]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .delete();
}

export async function readContractConfig(): Promise<ContractConfigRow | undefined> {
  return database().contractConfig.get("current");
}

/** Stores GET /contract/config as the one current row (public terms: kept at sign-out). */
export async function saveContractConfig(
  config: ContractConfig,
  readAt = new Date().toISOString(),
): Promise<void> {
  await database().contractConfig.put({ key: "current", config, readAt });
}
