// "Get demo funds": only in demo mode, only a sane amount, always through the outbox.
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database, DB_NAME } from "../db/database";
import { clearSession, saveSession } from "../db/session";
import { SYNC_KEYS, writeSyncValue } from "../db/sync-state";
import { NotDemoModeError, requestDemoFunds, SignedOutError } from "./commands";

const facts = (mode: "demo" | "production") => ({ domain: "x", country: "x", mode });

describe("requestDemoFunds", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "tok", name: null, avatar: null, info: { id: "u1" } });
  });

  it("saves a wallet.demo-credit entry for the user in demo mode", async () => {
    await writeSyncValue(SYNC_KEYS.systemFacts, facts("demo"));
    const id = await requestDemoFunds();
    expect(await database().outbox.get(id)).toMatchObject({
      userId: "u1",
      command: "wallet.demo-credit",
      payload: { amount: "1000" },
      state: "waiting",
    });
    // Each tap is its own credit (its own Idempotency-Key).
    expect(await requestDemoFunds("2.5")).not.toBe(id);
    expect(await database().outbox.count()).toBe(2);
  });

  it("refuses outside demo mode, and when the mode is not known yet", async () => {
    await expect(requestDemoFunds()).rejects.toBeInstanceOf(NotDemoModeError);
    await writeSyncValue(SYNC_KEYS.systemFacts, facts("production"));
    await expect(requestDemoFunds()).rejects.toBeInstanceOf(NotDemoModeError);
    expect(await database().outbox.count()).toBe(0);
  });

  it("refuses amounts that are not a positive decimal string within the limit", async () => {
    await writeSyncValue(SYNC_KEYS.systemFacts, facts("demo"));
    for (const bad of ["0", "-1", "1e3", "", " 5", "100000.000001", "abc"]) {
      await expect(requestDemoFunds(bad), bad).rejects.toBeInstanceOf(RangeError);
    }
    expect(await database().outbox.count()).toBe(0);
  });

  it("needs a signed-in user", async () => {
    clearSession();
    await writeSyncValue(SYNC_KEYS.systemFacts, facts("demo"));
    await expect(requestDemoFunds()).rejects.toBeInstanceOf(SignedOutError);
  });
});
