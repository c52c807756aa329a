import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, DB_NAME, QuantaDatabase } from "./database";
import { loadDemoWalletKey, saveDemoWalletKey } from "./wallet-keys";

const KEY_A = `0x${"a".repeat(64)}`;
const KEY_B = `0x${"b".repeat(64)}`;

describe("demo wallet key store (IndexedDB)", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("has no key on a fresh device", async () => {
    expect(await loadDemoWalletKey()).toBeNull();
  });

  it("keeps the first key and never overwrites it", async () => {
    expect(await saveDemoWalletKey(KEY_A)).toBe(KEY_A);
    expect(await saveDemoWalletKey(KEY_B)).toBe(KEY_A);
    expect(await loadDemoWalletKey()).toBe(KEY_A);
  });

  it("keeps two concurrent first saves to one key", async () => {
    const kept = await Promise.all([saveDemoWalletKey(KEY_A), saveDemoWalletKey(KEY_B)]);
    expect(new Set(kept).size).toBe(1);
    expect(await loadDemoWalletKey()).toBe(kept[0]);
  });

  it("is really in IndexedDB: another connection reads it back", async () => {
    await saveDemoWalletKey(KEY_A);
    const other = new QuantaDatabase();
    try {
      expect((await other.keys.get("demo-wallet"))?.privateKey).toBe(KEY_A);
      // The schema as this version declares it (v1 had keys; later versions only add tables).
      expect(other.verno).toBe(new QuantaDatabase("unopened").verno);
    } finally {
      other.close();
    }
  });
});
