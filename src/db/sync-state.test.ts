import { act, renderHook, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, DB_NAME } from "./database";
import { confirmDataset } from "./public-data";
import { saveSession } from "./session";
import {
  setTabContentLang,
  SYNC_KEYS,
  useAppOutdated,
  useFreshness,
  useSyncPhase,
  writeContentLang,
  writePhase,
  writeSyncValue,
} from "./sync-state";

describe("sync state hooks", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("says the app is outdated for an entity it does not know, not for one it knows", async () => {
    const { result } = renderHook(() => useAppOutdated());
    expect(result.current).toBe(false);
    await act(() => writeSyncValue(SYNC_KEYS.unknownEntity, "option-order"));
    await waitFor(() => expect(result.current).toBe(true));
    // What an updated app finds before its first pull: an entity it now knows.
    await act(() => writeSyncValue(SYNC_KEYS.unknownEntity, "spot-order"));
    await waitFor(() => expect(result.current).toBe(false));
  });

  it("shows the phase the leader wrote, 'initial' before any", async () => {
    const { result } = renderHook(() => useSyncPhase());
    expect(result.current).toBe("initial");
    await act(() => writePhase("pulling"));
    await waitFor(() => expect(result.current).toBe("pulling"));
    await act(() => writePhase("offline"));
    await waitFor(() => expect(result.current).toBe("offline"));
  });

  it("shows freshness per dataset in this tab's language, and the signed-in user's account freshness", async () => {
    setTabContentLang("en");
    await writeContentLang("de");
    const links = renderHook(() => useFreshness("links"));
    const account = renderHook(() => useFreshness("account"));
    await waitFor(() => expect(links.result.current).toBeNull());

    // A 304 counts as confirmed current.
    await act(async () => {
      expect(await confirmDataset("links", "en", null)).toBe(true);
    });
    await waitFor(() => expect(links.result.current).toMatch(/^\d{4}-\d{2}-\d{2}T/));

    await act(() => writeSyncValue(SYNC_KEYS.accountFreshness("u1"), "2026-01-01T00:00:00.000Z"));
    expect(account.result.current).toBeNull();
    act(() => saveSession({ token: "t", name: null, avatar: null, info: { id: "u1" } }));
    await waitFor(() => expect(account.result.current).toBe("2026-01-01T00:00:00.000Z"));

    // Another language has its own freshness.
    act(() => setTabContentLang("ko"));
    await waitFor(() => expect(links.result.current).toBeNull());
  });
});
