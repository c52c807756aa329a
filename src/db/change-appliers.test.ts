// Every entity of the change log has an applier (the record's type demands it; checked here at
// run time too), and a page that meets an entity this version does not know stops there: the
// entries before it are stored, the cursor is held, the app says it needs an update, and an
// updated app reads the same page through.
import { describe, expect, it, beforeEach } from "vitest";
import { SYNC_ENTITIES } from "../../protocol";
import { applySyncPage } from "./account-data";
import { CHANGE_APPLIERS, type ChangeAppliers } from "./change-appliers";
import { database } from "./database";
import { readCursor, readSyncValue, SYNC_KEYS } from "./sync-state";
import {
  appliersWithout,
  freshDevice,
  openSpotOrder,
  putChange,
  syncPage,
  unreadMessage,
} from "./sync-test-fixtures";

const olderApp = appliersWithout("spot-order");

describe("the change log's appliers", () => {
  it("cover every entity of the protocol, and nothing else", () => {
    expect(Object.keys(CHANGE_APPLIERS).sort()).toEqual([...SYNC_ENTITIES].sort());
    for (const applier of Object.values(CHANGE_APPLIERS)) {
      expect(typeof applier.apply).toBe("function");
      expect(applier.tables(database()).length).toBeGreaterThan(0);
    }
    const { profile, identity, message, bill, recharge, withdrawal } = CHANGE_APPLIERS;
    // @ts-expect-error an entity without an applier does not compile
    const incomplete: ChangeAppliers = { profile, identity, message, bill, recharge, withdrawal };
    expect(incomplete).not.toHaveProperty("spot-order");
  });
});

describe("a page with an entity this version does not know", () => {
  beforeEach(async () => {
    await freshDevice("u1");
  });

  const page = syncPage(
    [
      putChange("message", "1", unreadMessage("1")),
      putChange("spot-order", "o1", openSpotOrder),
      putChange("message", "2", unreadMessage("2")),
    ],
    "c2",
  );

  it("stores the entries before it, holds the cursor and says an update is needed", async () => {
    await applySyncPage("u1", "", syncPage([], "c1"), olderApp);
    expect(await applySyncPage("u1", "c1", page, olderApp)).toBe("held");
    expect(await database().messages.get("1")).toMatchObject({ userId: "u1" });
    expect(await database().messages.get("2")).toBeUndefined();
    expect(await database().spotOrders.count()).toBe(0);
    expect(await readCursor("u1")).toBe("c1");
    expect(await readSyncValue(SYNC_KEYS.unknownEntity)).toBe("spot-order");
    // Asked again, it stops at the same place rather than skipping it.
    expect(await applySyncPage("u1", "c1", page, olderApp)).toBe("held");
    expect(await readCursor("u1")).toBe("c1");
  });

  it("is read through once the app knows the entity", async () => {
    await applySyncPage("u1", "", syncPage([], "c1"), olderApp);
    await applySyncPage("u1", "c1", page, olderApp);
    expect(await applySyncPage("u1", "c1", page)).toBe("applied");
    expect(await database().spotOrders.get("o1")).toMatchObject({ userId: "u1", status: "open" });
    expect(await database().messages.get("2")).toMatchObject({ userId: "u1" });
    expect(await readCursor("u1")).toBe("c2");
    expect(await readSyncValue(SYNC_KEYS.unknownEntity)).toBeUndefined();
  });
});
