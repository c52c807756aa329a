import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import type { Profile, SyncPage } from "../../protocol";
import { applySyncPage, clearUserData, isMessageRead, resetAccountData } from "./account-data";
import { closeDatabase, database, DB_NAME } from "./database";
import { readSession, saveSession } from "./session";
import { readCursor } from "./sync-state";

const profile: Profile = {
  id: "u1",
  address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  name: "Ada",
  avatar: null,
  locked: false,
  verified: null,
  creditLevel: 0,
  weightedScore: 0,
  inviteCode: "ABC123",
  createdAt: "2025-03-04T05:06:07+00:00",
};
const message = (id: string, read = false) => ({
  id,
  title: `Message ${id}`,
  summary: "",
  body: "Hello.",
  read,
  createdAt: `2026-01-0${id}T00:00:00Z`,
  kind: null,
  params: {},
});
const identity = {
  status: 0 as const,
  name: "Ada Lovelace",
  idNumber: "AB****67",
  idType: 1 as const,
  submittedAt: "2026-01-01T00:00:00Z",
  reviewedAt: null,
  reason: null,
};

function page(cursor: string, changes: SyncPage["changes"], hasMore = false): SyncPage {
  return { changes, cursor, hasMore };
}

describe("the user's change log in IndexedDB", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "tok", name: null, avatar: null, info: { id: "u1" } });
  });

  it("applies a page with its cursor, and keeps the session's name, avatar and info current", async () => {
    const result = await applySyncPage(
      "u1",
      "",
      page("3", [
        { entity: "profile", id: "u1", op: "put", data: profile },
        { entity: "identity", id: "current", op: "put", data: identity },
        { entity: "message", id: "1", op: "put", data: message("1") },
      ]),
    );
    expect(result).toBe("applied");
    expect(await readCursor("u1")).toBe("3");
    expect(await database().identity.get("u1")).toMatchObject({ userId: "u1", status: 0 });
    expect(await database().messages.get("1")).toMatchObject({ userId: "u1", read: false });
    expect(readSession()).toMatchObject({
      token: "tok",
      name: "Ada",
      info: { inviteCode: "ABC123" },
    });

    await applySyncPage(
      "u1",
      "3",
      page("5", [
        { entity: "message", id: "1", op: "put", data: message("1", true) },
        { entity: "identity", id: "current", op: "delete", data: null },
      ]),
    );
    expect(await isMessageRead("u1", "1")).toBe(true);
    expect(await isMessageRead("u2", "1")).toBe(false);
    expect(await database().identity.get("u1")).toBeUndefined();
  });

  it("refuses a page asked from a cursor that is no longer stored (database reset meanwhile)", async () => {
    await applySyncPage(
      "u1",
      "",
      page("3", [{ entity: "message", id: "1", op: "put", data: message("1") }]),
    );
    const late = page("9", [{ entity: "message", id: "2", op: "put", data: message("2") }]);
    // Asked from "" but the device is at "3": applying it would skip nothing but claim "9"
    // over data it never had — refused.
    expect(await applySyncPage("u1", "", late)).toBe("stale");
    expect(await readCursor("u1")).toBe("3");
    expect(await database().messages.get("2")).toBeUndefined();
  });

  it("stores nothing once the user signed out or another signed in", async () => {
    saveSession({ token: "tok2", name: null, avatar: null, info: { id: "u2" } });
    const result = await applySyncPage(
      "u1",
      "",
      page("3", [{ entity: "profile", id: "u1", op: "put", data: profile }]),
    );
    expect(result).toBe("signed-out");
    expect(await database().profile.count()).toBe(0);
    expect(readSession()?.name).toBeNull();
  });

  it("resets a user's data with the cursor", async () => {
    await applySyncPage(
      "u1",
      "",
      page("4", [{ entity: "message", id: "1", op: "put", data: message("1") }]),
    );
    expect(await readCursor("u1")).toBe("4");
    await resetAccountData("u1");
    expect(await readCursor("u1")).toBe("");
    expect(await database().messages.count()).toBe(0);
  });

  it("clears only the signed-out user's rows", async () => {
    await applySyncPage(
      "u1",
      "",
      page("1", [{ entity: "message", id: "1", op: "put", data: message("1") }]),
    );
    saveSession({ token: "tok2", name: null, avatar: null, info: { id: "u2" } });
    await applySyncPage(
      "u2",
      "",
      page("1", [{ entity: "message", id: "2", op: "put", data: message("2") }]),
    );
    await clearUserData("u2");
    expect((await database().messages.toArray()).map((m) => m.id)).toEqual(["1"]);
    expect(await readCursor("u1")).toBe("1");
    expect(await readCursor("u2")).toBe("");
  });
});
