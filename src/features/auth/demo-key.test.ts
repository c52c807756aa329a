import Dexie from "dexie";
import { privateKeyToAccount } from "viem/accounts";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, DB_NAME } from "../../db/database";
import { loadDemoWalletKey, saveDemoWalletKey } from "../../db/wallet-keys";
import { createDemoProvider, getOrCreateDemoKey } from "../../wallet/demo-wallet";

// The pieces sign-in.ts joins: the wallet layer's key logic over the IndexedDB store.
const store = { load: loadDemoWalletKey, save: saveDemoWalletKey };

describe("demo wallet over IndexedDB", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("creates one demo account per device and finds it again after a reload", async () => {
    const key = await getOrCreateDemoKey(store);
    closeDatabase(); // as a reload would
    expect(await getOrCreateDemoKey(store)).toBe(key);
    expect(createDemoProvider(key).address).toBe(privateKeyToAccount(key).address);
  });

  it("gives a fresh device (cleared storage) a different account", async () => {
    const first = await getOrCreateDemoKey(store);
    closeDatabase();
    await Dexie.delete(DB_NAME);
    expect(await getOrCreateDemoKey(store)).not.toBe(first);
  });
});
