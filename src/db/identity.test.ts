import { act, renderHook, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, DB_NAME } from "./database";
import { clearIdentities, saveIdentity, useIdentity } from "./identity";

const underReview = {
  status: 0 as const,
  name: "Ada Lovelace",
  idNumber: "AB****89",
  idType: 1 as const,
  submittedAt: "2025-03-04T05:06:07+00:00",
  reviewedAt: null,
  reason: null,
};

describe("identity table", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("shows a screen each change live, for its own user only", async () => {
    const { result } = renderHook(() => useIdentity("user-1"));
    await waitFor(() => expect(result.current).toEqual({ status: "ready", value: undefined }));

    await act(() => saveIdentity("user-2", underReview));
    await act(() => saveIdentity("user-1", underReview));
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: "ready", value: { status: 0 } }),
    );

    await act(() =>
      saveIdentity("user-1", { ...underReview, status: 2, reason: "The photo is blurred" }),
    );
    await waitFor(() =>
      expect(result.current).toMatchObject({
        status: "ready",
        value: { userId: "user-1", status: 2, reason: "The photo is blurred" },
      }),
    );

    await act(() => saveIdentity("user-1", null));
    await waitFor(() => expect(result.current).toEqual({ status: "ready", value: undefined }));
  });

  it("reads nothing without a user, and sign-out clears every user's submission", async () => {
    await saveIdentity("user-1", underReview);
    const anonymous = renderHook(() => useIdentity(null));
    await waitFor(() => expect(anonymous.result.current.status).toBe("ready"));
    expect(anonymous.result.current).toEqual({ status: "ready", value: undefined });

    await clearIdentities();
    const signedIn = renderHook(() => useIdentity("user-1"));
    await waitFor(() =>
      expect(signedIn.result.current).toEqual({ status: "ready", value: undefined }),
    );
  });
});
