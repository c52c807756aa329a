// The change log's notifications at the database, on PGlite and PostgreSQL: Db.listen hears a
// NOTIFY only after its transaction commits, never a rolled-back one, and nothing once stopped.
// (What /ws/account makes of them: account-socket.test.ts.)
import { beforeEach, describe, expect, it } from "vitest";
import type { Db, Tx } from "../../server/db/db";
import { appendChange, CHANGE_CHANNEL } from "../../server/db/repositories/change-log-repository";
import { createMessage } from "../../server/domain/messages/create-message";
import { within } from "./helpers/net";
import { createUserSession } from "./helpers/sessions";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";
import { staysFalse } from "./helpers/ws-client";

const getPglite = usePglite();

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

function listenSuite(getDb: () => Db) {
  it("hears a NOTIFY only once its transaction commits, and never a rolled-back one", async () => {
    const user = await createUserSession(getDb());
    const heard: string[] = [];
    const stop = await getDb().listen(CHANGE_CHANNEL, (payload) => heard.push(payload));
    try {
      const append = (tx: Tx) =>
        appendChange(tx, {
          userId: user.userId,
          entity: "profile",
          id: user.userId,
          op: "delete",
          data: null,
        });
      await getDb().transaction(async (tx) => {
        await append(tx);
        expect(await staysFalse(() => heard.length > 0, 150)).toBe(true);
      });
      await within(
        waitFor(() => heard.length === 1),
        2000,
        "the committed NOTIFY",
      );
      expect(heard).toEqual([`${user.userId}:1`]);

      await expect(
        getDb().transaction(async (tx) => {
          await append(tx);
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await staysFalse(() => heard.length > 1, 300)).toBe(true);
    } finally {
      await stop();
    }
    // Stopped: later notifications go nowhere.
    await getDb().transaction((tx) =>
      createMessage(tx, {
        userId: user.userId,
        kind: null,
        params: {},
        title: "After stop",
        body: "After stop.",
        senderId: null,
      }),
    );
    expect(await staysFalse(() => heard.length > 1, 200)).toBe(true);
  });
}

describe("PGlite", () => {
  beforeEach(async () => {
    await resetDb(getPglite());
  });
  describe("Db.listen", () => listenSuite(getPglite));
});

describePostgres(
  "PostgreSQL",
  ({ db }) => {
    beforeEach(async () => {
      await resetDb(db());
    });
    describe("Db.listen", () => listenSuite(db));
  },
  { migrate: true },
);
