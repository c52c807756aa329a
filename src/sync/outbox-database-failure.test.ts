// The outbox when its local database fails under it: the browser cleared or evicted the site's
// data while the app ran (Dexie then rejects every operation with DatabaseClosedError). Every
// caller of flush() fires and forgets, so no rejection may leak; the entries wait for the next
// flush on the reopened database.
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database, DB_NAME } from "../db/database";
import { enqueueOutbox, type OutboxRow } from "../db/outbox";
import { OutboxFlusher } from "./outbox";
import { testEnvironment } from "./testing/fake-environment";

describe("outbox flush on a failing database", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("logs, resolves, and the next flush sends", async () => {
    const { id } = await enqueueOutbox("u1", "system.subscribe", { email: "a@example.com" });
    const sent: OutboxRow[] = [];
    const failures: unknown[] = [];
    const outbox = new OutboxFlusher({
      env: testEnvironment(undefined, { now: () => Date.parse("2026-01-01T00:00:00Z") }),
      userId: () => "u1",
      send: async (entry) => {
        sent.push(entry);
      },
      log: (_event, { error }) => failures.push(error),
    });
    database().close();
    await expect(outbox.flush()).resolves.toBeUndefined();
    expect(failures.map((e) => (e as Error).name)).toEqual(["DatabaseClosedError"]);
    expect(sent).toEqual([]);
    closeDatabase(); // the next use opens it again, as Dexie does after a forced close
    await outbox.flush();
    expect(sent.map((entry) => entry.id)).toEqual([id]);
    expect((await database().outbox.get(id))?.state).toBe("sent");
  });
});
