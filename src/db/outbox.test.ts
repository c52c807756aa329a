import { act, renderHook, waitFor } from "@testing-library/react";
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, DB_NAME } from "./database";
import { enqueueOutbox, useOutbox, watchWaitingOutbox } from "./outbox";
import { saveSession } from "./session";

describe("outbox rows for screens", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    saveSession({ token: "tok", name: null, avatar: null, info: { id: "u1" } });
  });

  it("lists the signed-in user's entries newest first, optionally one command", async () => {
    const all = renderHook(() => useOutbox());
    const reads = renderHook(() => useOutbox({ command: "message.read" }));
    await act(async () => {
      await enqueueOutbox("u1", "system.subscribe", { email: "a@example.com" });
      await new Promise((resolve) => setTimeout(resolve, 2));
      await enqueueOutbox("u1", "message.read", { id: "7" });
      await enqueueOutbox("u2", "message.read", { id: "8" });
    });
    await waitFor(() =>
      expect(all.result.current).toMatchObject({
        status: "ready",
        value: [{ command: "message.read" }, { command: "system.subscribe" }],
      }),
    );
    await waitFor(() =>
      expect(reads.result.current).toMatchObject({
        status: "ready",
        value: [{ payload: { id: "7" } }],
      }),
    );
  });

  it("tells the leader how many entries wait, live", async () => {
    const counts: number[] = [];
    const stop = watchWaitingOutbox(
      () => "u1",
      (n) => counts.push(n),
    );
    await waitFor(() => expect(counts).toEqual([0]));
    await enqueueOutbox("u1", "message.read", { id: "1" });
    await waitFor(() => expect(counts.at(-1)).toBe(1));
    stop();
  });
});
