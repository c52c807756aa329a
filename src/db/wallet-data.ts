// The signed-in user's wallet data on the device: recharges and withdrawals from the change log
// (their appliers, run inside account-data's page transaction), and the wallet facts row — deposit info and
// withdrawal terms from the account pull, the on-chain balance from src/sync/wallet-balance.ts.
import Dexie from "dexie";
import type { Recharge, Withdrawal } from "../../protocol/wallet";
import type { ChangeApplier } from "./change-applier";
import { database, type QuantaDatabase } from "./database";
import { getSessionUserId } from "./session";
import type { WalletInfoRow } from "./wallet-rows";

export type { WalletInfoRow };

function isRecord(data: unknown): data is Record<string, unknown> {
  return typeof data === "object" && data !== null;
}

/** A recharge the table's keys can hold; anything else is skipped, like a malformed bill. */
export function isStorableRecharge(data: unknown): data is Recharge {
  return (
    isRecord(data) &&
    typeof data["id"] === "string" &&
    typeof data["amount"] === "string" &&
    typeof data["status"] === "number" &&
    typeof data["createdAt"] === "string"
  );
}

export function isStorableWithdrawal(data: unknown): data is Withdrawal {
  return (
    isRecord(data) &&
    typeof data["id"] === "string" &&
    typeof data["amount"] === "string" &&
    typeof data["fee"] === "string" &&
    typeof data["address"] === "string" &&
    typeof data["status"] === "number" &&
    typeof data["createdAt"] === "string"
  );
}

// The change log's "recharge" and "withdrawal" entries (change-appliers.ts). A put replaces the
// row: the server sends the whole entity on every status change.

export const rechargeApplier: ChangeApplier<"recharge"> = {
  tables: (db) => [db.recharges],
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.recharges.delete(change.id);
    else if (isStorableRecharge(change.data)) await db.recharges.put({ ...change.data, userId });
  },
};

export const withdrawalApplier: ChangeApplier<"withdrawal"> = {
  tables: (db) => [db.withdrawals],
  async apply(change, { db, userId }) {
    if (change.op === "delete") await db.withdrawals.delete(change.id);
    else if (isStorableWithdrawal(change.data)) {
      await db.withdrawals.put({ ...change.data, userId });
    }
  },
};

/** The tables clearWalletData writes. */
export function walletTables(db: QuantaDatabase) {
  return [db.recharges, db.withdrawals, db.walletInfo];
}

/** Forgets the user's wallet rows (sign-out, or a change log read again from the start). */
export async function clearWalletData(db: QuantaDatabase, userId: string): Promise<void> {
  for (const table of [db.recharges, db.withdrawals]) {
    await table
      .where("[userId+createdAt]")
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .delete();
  }
  await db.walletInfo.delete(userId);
}

const EMPTY_INFO: Omit<WalletInfoRow, "userId"> = {
  deposit: null,
  depositReadAt: null,
  withdrawConfig: null,
  withdrawConfigReadAt: null,
  balance: null,
  balanceGap: null,
  balanceTriedAt: null,
};

export async function readWalletInfo(userId: string): Promise<WalletInfoRow | undefined> {
  return database().walletInfo.get(userId);
}

/**
 * Merges `patch` into the user's wallet facts unless the user signed out meanwhile (checked
 * inside the transaction, like a change-log page). Answers whether it was stored.
 */
export async function saveWalletInfo(
  userId: string,
  patch: Partial<Omit<WalletInfoRow, "userId">>,
): Promise<boolean> {
  const db = database();
  return db.transaction("rw", db.walletInfo, async () => {
    if (getSessionUserId() !== userId) return false;
    const current = (await db.walletInfo.get(userId)) ?? { ...EMPTY_INFO, userId };
    await db.walletInfo.put({ ...current, ...patch, userId });
    return true;
  });
}

/** The signed-in wallet's address (the profile's), or null for a password-only account. */
export async function readWalletOwner(userId: string): Promise<string | null> {
  return (await database().profile.get(userId))?.address ?? null;
}
