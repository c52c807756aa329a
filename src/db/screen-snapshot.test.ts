import { renderHook, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database, DB_NAME } from "./database";
import { deleteLocalData } from "./queries/local-data";
import { useSetting } from "./queries/settings";
import {
  clearSnapshot,
  readSnapshot,
  SNAPSHOT_SCHEMA,
  SNAPSHOT_STORAGE_KEY,
  writeSnapshot,
} from "./screen-snapshot";
import { clearSession, saveSession } from "./session";

const pitch = { title: "From IndexedDB", subtitle: "sub", points: [] };

function signIn(userId: string): void {
  saveSession({ token: `token-${userId}`, name: null, avatar: null, info: { id: userId } });
}

describe("screen snapshot", () => {
  beforeEach(async () => {
    localStorage.clear();
    clearSnapshot();
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("is written when a screen's live query answers from IndexedDB, and read on the next start", async () => {
    signIn("user-1");
    await database().systemSettings.put({ lang: "en", alias: "pitch", dataset: pitch });
    const first = renderHook(() => useSetting("en", "pitch"));
    // Nothing copied yet: the first start waits for IndexedDB.
    expect(first.result.current).toEqual({ status: "loading" });
    await waitFor(() => expect(first.result.current).toEqual({ status: "ready", value: pitch }));
    expect(readSnapshot("user-1", "setting:en:pitch")).toEqual({ value: pitch });
    first.unmount();

    // The next start shows the copy at once, then IndexedDB's answer replaces it.
    const changed = { ...pitch, title: "Changed since" };
    await database().systemSettings.put({ lang: "en", alias: "pitch", dataset: changed });
    const next = renderHook(() => useSetting("en", "pitch"));
    expect(next.result.current).toEqual({ status: "ready", value: pitch });
    await waitFor(() => expect(next.result.current).toEqual({ status: "ready", value: changed }));
    expect(readSnapshot("user-1", "setting:en:pitch")).toEqual({ value: changed });
    next.unmount();
  });

  it("is not written or read without a signed-in user", async () => {
    await database().systemSettings.put({ lang: "en", alias: "pitch", dataset: pitch });
    const { result } = renderHook(() => useSetting("en", "pitch"));
    await waitFor(() => expect(result.current).toEqual({ status: "ready", value: pitch }));
    expect(localStorage.getItem(SNAPSHOT_STORAGE_KEY)).toBeNull();
    expect(readSnapshot(null, "setting:en:pitch")).toBeUndefined();
  });

  it("is cleared on sign-out", () => {
    signIn("user-1");
    writeSnapshot("user-1", "assets-overview", { usdt: "1.00" });
    clearSession();
    expect(localStorage.getItem(SNAPSHOT_STORAGE_KEY)).toBeNull();
    signIn("user-1");
    expect(readSnapshot("user-1", "assets-overview")).toBeUndefined();
  });

  it("is cleared with the local data it copied", async () => {
    signIn("user-1");
    writeSnapshot("user-1", "assets-overview", { usdt: "1.00" });
    await deleteLocalData();
    expect(readSnapshot("user-1", "assets-overview")).toBeUndefined();
  });

  it("is cleared when another user signs in, and kept when the same user's session is refreshed", () => {
    signIn("user-1");
    writeSnapshot("user-1", "assets-overview", { usdt: "1.00" });
    signIn("user-1");
    expect(readSnapshot("user-1", "assets-overview")).toEqual({ value: { usdt: "1.00" } });
    signIn("user-2");
    expect(localStorage.getItem(SNAPSHOT_STORAGE_KEY)).toBeNull();
  });

  it("is ignored, and removed, when it belongs to another user", () => {
    writeSnapshot("user-1", "assets-overview", { usdt: "1.00" });
    expect(readSnapshot("user-2", "assets-overview")).toBeUndefined();
    expect(localStorage.getItem(SNAPSHOT_STORAGE_KEY)).toBeNull();
    expect(readSnapshot("user-1", "assets-overview")).toBeUndefined();
  });

  it("is replaced, never merged into, when another user's answers are written", () => {
    writeSnapshot("user-1", "assets-overview", { usdt: "1.00" });
    writeSnapshot("user-2", "bills:first-page", { items: [], hasMore: false });
    expect(readSnapshot("user-2", "assets-overview")).toBeUndefined();
    expect(readSnapshot("user-2", "bills:first-page")).toEqual({
      value: { items: [], hasMore: false },
    });
  });

  it("is ignored when written under an older schema, or unreadable", () => {
    localStorage.setItem(
      SNAPSHOT_STORAGE_KEY,
      JSON.stringify({
        schema: SNAPSHOT_SCHEMA - 1,
        userId: "user-1",
        values: { "assets-overview": { usdt: "1.00" } },
      }),
    );
    expect(readSnapshot("user-1", "assets-overview")).toBeUndefined();
    expect(localStorage.getItem(SNAPSHOT_STORAGE_KEY)).toBeNull();

    localStorage.setItem(SNAPSHOT_STORAGE_KEY, "{not json");
    expect(readSnapshot("user-1", "assets-overview")).toBeUndefined();
  });

  it("drops a value IndexedDB no longer holds", () => {
    writeSnapshot("user-1", "assets-overview", { usdt: "1.00" });
    writeSnapshot("user-1", "assets-overview", undefined);
    expect(readSnapshot("user-1", "assets-overview")).toBeUndefined();
  });
});
