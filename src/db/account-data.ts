// The signed-in user's private data as the change log (GET /sync) delivers it: profile, identity,
// messages, bills, recharges, withdrawals and spot orders (change-appliers.ts), each row tagged
// with its user so a shared device never shows another's. A page is applied in one transaction
// together with its cursor, so data and cursor never disagree.
import Dexie from "dexie";
import type { AssetsOverview } from "../../protocol";
import {
  applyChange,
  CHANGE_APPLIERS,
  changeTables,
  knownChange,
  type KnownAppliers,
  type ReceivedChange,
} from "./change-appliers";
import { database } from "./database";
import { getSessionUserId } from "./session";
import { clearSpotData, spotTables } from "./spot-data";
import { clearOptionsData, optionsTables } from "./options-data";
import { clearContractData, contractTables } from "./contract-data";
import { clearQuantData, quantTables } from "./quant-data";
import { accountExtrasTables, clearAccountExtras } from "./account-extras-data";
import { SYNC_KEYS } from "./sync-state";
import { clearWalletData, walletTables } from "./wallet-data";

/** A GET /sync page as it arrives (it may hold entities this version does not know). */
export interface ReceivedPage {
  changes: readonly ReceivedChange[];
  cursor: string;
  hasMore: boolean;
}

export type ApplyResult =
  /** Stored, with the page's cursor. */
  | "applied"
  /** The page holds an entity this version does not know (the server is newer): the entries
   *  before it are stored, the cursor is not moved, and the app says it needs an update. */
  | "held"
  /** The stored cursor is no longer the one the page was asked from (the database was reset, or
   *  another tab got there first): nothing stored; read the cursor again. */
  | "stale"
  /** The user signed out (or another signed in) meanwhile: nothing stored. */
  | "signed-out";

/**
 * Applies one page of the user's change log with `appliers` (every entity this app knows). At an
 * entity it does not know, it stops: the entries before it are stored, the cursor stays where the
 * page started (a page carries no cursor per entry), and the entity is remembered for the update
 * notice. So an entity a newer server adds is never skipped: once the app is updated, the next
 * pull reads the same entries again and stores it.
 */
export async function applySyncPage(
  userId: string,
  fromCursor: string,
  page: ReceivedPage,
  appliers: KnownAppliers = CHANGE_APPLIERS,
): Promise<ApplyResult> {
  const db = database();
  const effects: (() => void)[] = [];
  const result = await db.transaction(
    "rw",
    [db.syncState, ...changeTables(db, appliers)],
    async (): Promise<ApplyResult> => {
      // Checked inside the transaction: sign-out clears the session before it clears the data,
      // and its clearing transaction queues behind this one.
      if (getSessionUserId() !== userId) return "signed-out";
      const stored = (await db.syncState.get(SYNC_KEYS.cursor(userId)))?.value ?? "";
      if (stored !== fromCursor) return "stale";
      const now = new Date().toISOString();
      const context = {
        db,
        userId,
        now,
        afterCommit: (effect: () => void) => effects.push(effect),
      };
      for (const received of page.changes) {
        const change = knownChange(appliers, received);
        if (change === null) {
          const value = received.entity;
          await db.syncState.put({ key: SYNC_KEYS.unknownEntity, value, updatedAt: now });
          return "held";
        }
        await applyChange(appliers, change, context);
      }
      await db.syncState.put({ key: SYNC_KEYS.cursor(userId), value: page.cursor, updatedAt: now });
      await db.syncState.delete(SYNC_KEYS.unknownEntity);
      if (!page.hasMore) {
        const key = SYNC_KEYS.accountFreshness(userId);
        await db.syncState.put({ key, value: now, updatedAt: now });
      }
      return "applied";
    },
  );
  if (result === "applied" || result === "held") for (const effect of effects) effect();
  return result;
}

/** A user's change-log data and cursor (for a restart from the beginning, or sign-out). */
async function clearSynced(userId: string): Promise<void> {
  const db = database();
  await db.profile.delete(userId);
  await db.identity.delete(userId);
  await db.messages
    .where("[userId+createdAt]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .delete();
  await db.bills
    .where("[userId+createdAt]")
    .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
    .delete();
  await db.assetsOverview.delete(userId);
  await clearWalletData(db, userId);
  await clearSpotData(db, userId);
  await clearOptionsData(db, userId);
  await clearContractData(db, userId);
  await clearQuantData(db, userId);
  await clearAccountExtras(db, userId);
  await db.syncState.bulkDelete([SYNC_KEYS.cursor(userId), SYNC_KEYS.accountFreshness(userId)]);
}

/** The tables clearSynced writes (a transaction must name every one). */
function syncedTables() {
  const db = database();
  return [
    db.syncState,
    db.profile,
    db.identity,
    db.messages,
    db.bills,
    db.assetsOverview,
    ...walletTables(db),
    ...spotTables(db),
    ...optionsTables(db),
    ...contractTables(db),
    ...quantTables(db),
    ...accountExtrasTables(db),
  ];
}

/**
 * The server no longer knows our cursor (it was reset, or the cursor is from another server):
 * forget the user's synced data and cursor, so the next pull rebuilds them from the beginning.
 */
export async function resetAccountData(userId: string): Promise<void> {
  const db = database();
  await db.transaction("rw", syncedTables(), () => clearSynced(userId));
}

/**
 * Sign-out: the user's private data never outlives the session on this device — profile,
 * identity, messages, bills, assets overview, outbox entries and cursor, in one transaction.
 */
export async function clearUserData(userId: string): Promise<void> {
  const db = database();
  await db.transaction("rw", [...syncedTables(), db.outbox], async () => {
    await clearSynced(userId);
    await db.outbox
      .where("[userId+createdAt]")
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .delete();
  });
}

/** Whether the server already has the user's message as read (then there is nothing to send). */
export async function isMessageRead(userId: string, id: string): Promise<boolean> {
  const row = await database().messages.get(id);
  return row !== undefined && row.userId === userId && row.read;
}

/**
 * Stores the user's assets overview (GET /assets/overview) unless the user signed out meanwhile:
 * checked inside the transaction, like a change-log page.
 */
export async function saveAssetsOverview(
  userId: string,
  overview: AssetsOverview,
  pulledAt = new Date().toISOString(),
): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.assetsOverview, async () => {
    if (getSessionUserId() !== userId) return false;
    await db.assetsOverview.put({ ...overview, userId, pulledAt });
    return true;
  });
}
