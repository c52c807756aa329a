import { database } from "./database";

/**
 * The demo wallet's private key, kept in IndexedDB so the same demo account comes back on this
 * device. Demo mode only: it holds test money, and this store never sees a real wallet's key.
 */
export const DEMO_WALLET_KEY_ID = "demo-wallet";

export async function loadDemoWalletKey(): Promise<string | null> {
  const row = await database().keys.get(DEMO_WALLET_KEY_ID);
  return row?.privateKey ?? null;
}

/**
 * Stores the key unless one is already there, and answers the key that is kept: two tabs
 * creating a demo wallet at once must end up with the same account, not overwrite each other.
 */
export async function saveDemoWalletKey(privateKey: string): Promise<string> {
  const db = database();
  return db.transaction("rw", db.keys, async () => {
    const existing = await db.keys.get(DEMO_WALLET_KEY_ID);
    if (existing) return existing.privateKey;
    await db.keys.add({
      id: DEMO_WALLET_KEY_ID,
      privateKey,
      createdAt: new Date().toISOString(),
    });
    return privateKey;
  });
}
