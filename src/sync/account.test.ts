import Dexie from "dexie";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../protocol";
import { getProfile } from "../api/profile";
import { logout, signInWallet } from "../api/auth";
import { getToken, readSession } from "../db/session";
import { closeDatabase, database, DB_NAME } from "../db/database";
import { enqueueOutbox } from "../db/outbox";
import { EmptyProfileError, finishWalletSignIn, signOut } from "./account";

vi.mock("../api/auth", () => ({
  checkAddress: vi.fn(),
  signInWallet: vi.fn(),
  logout: vi.fn(async () => undefined),
}));
vi.mock("../api/profile", () => ({ getProfile: vi.fn() }));

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
const signed = { message: "m", signature: "0x01" };
const message = {
  title: "Welcome",
  summary: "Hello",
  body: "Hello",
  read: false,
  createdAt: "2025-03-04T05:06:07+00:00",
  kind: null,
  params: {},
};

describe("account commands", () => {
  beforeEach(async () => {
    localStorage.clear();
    vi.clearAllMocks();
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("stores token, name, avatar and info only after the profile checked out", async () => {
    vi.mocked(signInWallet).mockResolvedValue("tok-1");
    vi.mocked(getProfile).mockResolvedValue(profile);
    await finishWalletSignIn({ ...signed, inviteCode: "INV1" });
    expect(signInWallet).toHaveBeenCalledWith({ ...signed, inviteCode: "INV1" });
    expect(getProfile).toHaveBeenCalledWith({ token: "tok-1" });
    expect(readSession()).toEqual({ token: "tok-1", name: "Ada", avatar: null, info: profile });
    expect(localStorage.getItem("avatar")).toBeNull();
  });

  it("treats a profile with no data as a failed sign-in and revokes the new token", async () => {
    vi.mocked(signInWallet).mockResolvedValue("tok-2");
    vi.mocked(getProfile).mockResolvedValue(null);
    await expect(finishWalletSignIn(signed)).rejects.toBeInstanceOf(EmptyProfileError);
    expect(getToken()).toBeNull();
    expect(logout).toHaveBeenCalledWith("tok-2");
  });

  it("signs out locally at once and revokes the old token on the server", async () => {
    localStorage.setItem("token", "tok-3");
    localStorage.setItem("info", JSON.stringify(profile));
    await signOut();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem("info")).toBeNull();
    expect(logout).toHaveBeenCalledWith("tok-3");
  });

  it("signs out with the user's local data gone, other users' data kept", async () => {
    const db = database();
    await db.profile.bulkPut([
      { ...profile, syncedAt: "x" },
      { ...profile, id: "u2", syncedAt: "x" },
    ]);
    await db.messages.put({ ...message, id: "m1", userId: "u1" });
    await db.messages.put({ ...message, id: "m2", userId: "u2" });
    await db.syncState.bulkPut([
      { key: "cursor:u1", value: "7", updatedAt: "x" },
      { key: "cursor:u2", value: "3", updatedAt: "x" },
    ]);
    await enqueueOutbox("u1", "message.read", { id: "m1" });
    await enqueueOutbox("u2", "message.read", { id: "m2" });
    localStorage.setItem("token", "tok-5");
    localStorage.setItem("info", JSON.stringify(profile));

    await signOut();
    expect(await db.profile.toCollection().primaryKeys()).toEqual(["u2"]);
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(["m2"]);
    expect((await db.outbox.toArray()).map((row) => row.userId)).toEqual(["u2"]);
    expect(await db.syncState.get("cursor:u1")).toBeUndefined();
    expect((await db.syncState.get("cursor:u2"))?.value).toBe("3");
  });
});
