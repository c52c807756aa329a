import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database, DB_NAME } from "../db/database";
import { saveSession } from "../db/session";
import { getTabContentLang, readContentLang } from "../db/sync-state";
import {
  discardOutboxEntry,
  InvalidEmailError,
  InvalidIdentityError,
  markMessageRead,
  retryOutboxEntry,
  setContentLanguage,
  SignedOutError,
  submitIdentity,
  subscribeEmail,
} from "./commands";
import { normaliseEmail } from "../../protocol";

const photo = new Blob(["jpeg bytes"], { type: "image/jpeg" });
const form = { name: "Ada Lovelace", idNumber: "AB1234567", idType: 1 as const, photo };

describe("commands for screens", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "tok", name: null, avatar: null, info: { id: "u1" } });
  });

  it("checks an address like the server does, and stores nothing for a bad one", async () => {
    expect(normaliseEmail("  Ada.L@Example.COM ")).toBe("ada.l@example.com");
    for (const bad of [
      "",
      "ada",
      "a@b",
      "a@b.c",
      "a b@example.com",
      ".a@example.com",
      "a@-x.com",
    ]) {
      expect(normaliseEmail(bad), bad).toBeNull();
      await expect(subscribeEmail(bad)).rejects.toBeInstanceOf(InvalidEmailError);
    }
    expect(normaliseEmail(`${"a".repeat(64)}@${"b".repeat(63)}.com`)).not.toBeNull();
    expect(normaliseEmail(`${"a".repeat(65)}@example.com`)).toBeNull();
    expect(await database().outbox.count()).toBe(0);
  });

  it("saves a subscription as waiting, once per address", async () => {
    const id = await subscribeEmail("ada@example.com");
    expect(await subscribeEmail("ADA@example.com")).toBe(id);
    expect(await database().outbox.get(id)).toMatchObject({
      userId: "u1",
      command: "system.subscribe",
      payload: { email: "ada@example.com" },
      state: "waiting",
      attempts: 0,
    });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the identity photo in the entry, and refuses an incomplete form", async () => {
    await submitIdentity({ ...form, name: "  Ada Lovelace " });
    const [row] = await database().outbox.toArray();
    expect(row?.payload).toMatchObject({ name: "Ada Lovelace", uploadId: null });
    // jsdom's Blob does not survive fake-indexeddb's structured clone (browsers and Node's do:
    // tests/server/sync-outbox.test.ts uploads the stored photo); that it was stored is enough.
    expect(row?.payload).toHaveProperty("photo");

    for (const bad of [
      { ...form, name: " " },
      { ...form, idNumber: "123" },
      { ...form, idType: 7 as 1 },
      { ...form, photo: new Blob([]) },
    ]) {
      await expect(submitIdentity(bad)).rejects.toBeInstanceOf(InvalidIdentityError);
    }
    expect(await database().outbox.count()).toBe(1);
  });

  it("needs a signed-in user for private commands", async () => {
    localStorage.clear();
    await expect(submitIdentity(form)).rejects.toBeInstanceOf(SignedOutError);
    await expect(markMessageRead("1")).rejects.toBeInstanceOf(SignedOutError);
    expect(await database().outbox.count()).toBe(0);
  });

  it("retries only failed entries and never discards one being sent", async () => {
    const id = await subscribeEmail("ada@example.com");
    await retryOutboxEntry(id);
    expect((await database().outbox.get(id))?.state).toBe("waiting");
    await database().outbox.update(id, {
      state: "failed",
      failure: { code: "NOT_FOUND", params: {} },
    });
    await retryOutboxEntry(id);
    expect(await database().outbox.get(id)).toMatchObject({ state: "waiting", failure: null });
    await database().outbox.update(id, { state: "sending" });
    expect(await discardOutboxEntry(id)).toBe(false);
    await database().outbox.update(id, { state: "failed" });
    expect(await discardOutboxEntry(id)).toBe(true);
    expect(await database().outbox.count()).toBe(0);
  });

  it("remembers the content language (without a running engine too)", async () => {
    await setContentLanguage("ko");
    expect(getTabContentLang()).toBe("ko");
    expect(await readContentLang()).toBe("ko");
  });
});
