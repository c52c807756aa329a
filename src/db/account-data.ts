// The signed-in user's private data as the change log (GET /sync) delivers it: profile, identity,
// messages, bills, recharges, withdrawals and spot orders, each row tagged with its user so a shared device never shows another's. A page
// is applied in one transaction together with its cursor, so data and cursor never disagree.
import Dexie from "dexie";
import type {
  AssetsOverview,
  Bill,
  IdentityView,
  Message,
  Profile,
  SyncPage,
} from "../../protocol";
import { database } from "./database";
import { getSessionUserId, getToken, saveSession } from "./session";
import { applySpotChange, clearSpotData, spotChangeTables, spotTables } from "./spot-data";
import { SYNC_KEYS } from "./sync-state";
import {
  applyWalletChange,
  clearWalletData,
  walletChangeTables,
  walletTables,
} from "./wallet-data";

export type ApplyResult =
  /** Stored, with the page's cursor. */
  | "applied"
  /** The stored cursor is no longer the one the page was asked from (the database was reset, or
   *  another tab got there first): nothing stored; read the cursor again. */
  | "stale"
  /** The user signed out (or another signed in) meanwhile: nothing stored. */
  | "signed-out";

/**
 * Applies one page of the user's change log. Entities this version does not know are skipped
 * (a later version that adds one resets the cursors in its database upgrade, so it re-reads them).
 */
export async function applySyncPage(
  userId: string,
  fromCursor: string,
  page: SyncPage,
): Promise<ApplyResult> {
  const db = database();
  let profile: Profile | null = null;
  const result = await db.transaction(
    "rw",
    [
      db.syncState,
      db.profile,
      db.identity,
      db.messages,
      db.bills,
      ...walletChangeTables(db),
      ...spotChangeTables(db),
    ],
    async (): Promise<ApplyResult> => {
      // Checked inside the transaction: sign-out clears the session before it clears the data,
      // and its clearing transaction queues behind this one.
      if (getSessionUserId() !== userId) return "signed-out";
      const stored = (await db.syncState.get(SYNC_KEYS.cursor(userId)))?.value ?? "";
      if (stored !== fromCursor) return "stale";
      const now = new Date().toISOString();
      for (const change of page.changes) {
        const remove = change.op === "delete";
        switch (change.entity) {
          case "profile":
            if (remove) await db.profile.delete(change.id);
            else {
              profile = change.data as Profile;
              await db.profile.put({ ...profile, syncedAt: now });
            }
            break;
          case "identity":
            // One identity per user (id "current"): the latest submission.
            if (remove) await db.identity.delete(userId);
            else await db.identity.put({ ...(change.data as IdentityView), userId, syncedAt: now });
            break;
          case "message":
            if (remove) await db.messages.delete(change.id);
            else await db.messages.put({ ...(change.data as Message), userId });
            break;
          case "bill":
            // Bills are ledger lines: the server never rewrites one, but a delete is honoured.
            if (remove) await db.bills.delete(change.id);
            else if (isStorableBill(change.data)) await db.bills.put({ ...change.data, userId });
            break;
          default:
            // Recharges and withdrawals (wallet-data.ts), spot orders (spot-data.ts); other
            // entities are skipped.
            if (!(await applyWalletChange(db, userId, change))) {
              await applySpotChange(db, userId, change);
            }
            break;
        }
      }
      await db.syncState.put({ key: SYNC_KEYS.cursor(userId), value: page.cursor, updatedAt: now });
      if (!page.hasMore) {
        const key = SYNC_KEYS.accountFreshness(userId);
        await db.syncState.put({ key, value: now, updatedAt: now });
      }
      return "applied";
    },
  );
  if (result === "applied" && profile !== null) keepSessionCurrent(userId, profile);
  return result;
}

/**
 * A bill the tables' keys can hold. Anything else is skipped rather than failing the page: one
 * malformed entry must not stop the whole change log from syncing.
 */
function isStorableBill(data: unknown): data is Bill {
  if (typeof data !== "object" || data === null) return false;
  const bill = data as Partial<Bill>;
  return (
    typeof bill.id === "string" &&
    typeof bill.type === "number" &&
    typeof bill.asset === "string" &&
    typeof bill.createdAt === "string"
  );
}

/** The seed's localStorage keys (name, avatar, info) follow the profile the change log brings. */
function keepSessionCurrent(userId: string, profile: Profile): void {
  const token = getToken();
  if (token === null || getSessionUserId() !== userId || profile.id !== userId) return;
  saveSession({
    token,
    name: profile.name ?? null,
    avatar: profile.avatar ?? null,
    info: { ...profile },
  });
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
