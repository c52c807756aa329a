// Bills and the assets overview in IndexedDB: applied from the change log per user, read newest
// first through the filters' indexes, cleared with the user's data, and re-read after the
// upgrade that added them.
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import type { AssetsOverview, Bill } from "../../protocol";
import {
  applySyncPage,
  clearUserData,
  resetAccountData,
  saveAssetsOverview,
  type ReceivedPage,
} from "./account-data";
import { closeDatabase, database, DB_NAME } from "./database";
import { readBillAssets, readBills, NO_BILL_FILTER } from "./queries/bills";
import { clearSession, saveSession } from "./session";
import { readCursor, SYNC_KEYS } from "./sync-state";

function bill(id: string, over: Partial<Bill> = {}): Bill {
  return {
    id,
    type: 106,
    asset: "USDT",
    amount: "1000",
    balanceAfter: "1000",
    ref: { kind: "demo-credit", id },
    createdAt: `2026-01-01T00:00:${id.padStart(2, "0")}+00:00`,
    ...over,
  };
}

const overview: AssetsOverview = {
  balances: [{ asset: "USDT", available: "1000", frozen: "5" }],
  usdt: { available: "1000", frozen: "5", withdrawing: "0", withdrawn: "0" },
  income: { today: "0", yesterday: "0", total: "0" },
  creditLevel: 0,
  loan: "0",
  equityUsd: "1005",
};

function page(cursor: string, changes: ReceivedPage["changes"]): ReceivedPage {
  return { changes, cursor, hasMore: false };
}

const put = (b: Bill) => ({ entity: "bill" as const, id: b.id, op: "put" as const, data: b });

function signIn(userId: string): void {
  saveSession({ token: `tok-${userId}`, name: null, avatar: null, info: { id: userId } });
}

describe("bills from the change log", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    signIn("u1");
  });

  it("stores a bill put for the signed-in user and removes it on delete", async () => {
    expect(await applySyncPage("u1", "", page("2", [put(bill("1")), put(bill("2"))]))).toBe(
      "applied",
    );
    expect(await database().bills.get("1")).toMatchObject({
      userId: "u1",
      type: 106,
      amount: "1000",
    });
    expect(await database().bills.count()).toBe(2);

    await applySyncPage(
      "u1",
      "2",
      page("3", [{ entity: "bill", id: "1", op: "delete", data: null }]),
    );
    expect(await database().bills.get("1")).toBeUndefined();
    expect(await database().bills.count()).toBe(1);
    expect(await readCursor("u1")).toBe("3");
  });

  it("skips a malformed bill instead of failing the page", async () => {
    const broken = { entity: "bill" as const, id: "5", op: "put" as const, data: { id: "5" } };
    expect(await applySyncPage("u1", "", page("2", [broken, put(bill("1"))]))).toBe("applied");
    expect((await database().bills.toArray()).map((row) => row.id)).toEqual(["1"]);
    expect(await readCursor("u1")).toBe("2");
  });

  it("stores nothing for a user who is no longer signed in", async () => {
    signIn("u2");
    expect(await applySyncPage("u1", "", page("1", [put(bill("1"))]))).toBe("signed-out");
    expect(await database().bills.count()).toBe(0);
    expect(await saveAssetsOverview("u1", overview)).toBe(false);
    expect(await database().assetsOverview.count()).toBe(0);
  });

  it("clears the user's bills and overview on sign-out and on a restart, and no one else's", async () => {
    await applySyncPage("u1", "", page("1", [put(bill("1"))]));
    await saveAssetsOverview("u1", overview, "2026-01-01T00:00:00.000Z");
    expect(await database().assetsOverview.get("u1")).toMatchObject({
      equityUsd: "1005",
      pulledAt: "2026-01-01T00:00:00.000Z",
    });
    // Another user's rows on a shared device.
    await database().bills.put({ ...bill("9"), userId: "u2" });
    await database().assetsOverview.put({ ...overview, userId: "u2", pulledAt: "x" });

    await resetAccountData("u1");
    expect(await database().bills.count()).toBe(1);
    expect(await database().assetsOverview.get("u1")).toBeUndefined();

    await applySyncPage("u1", "", page("1", [put(bill("1"))]));
    await saveAssetsOverview("u1", overview);
    clearSession();
    await clearUserData("u1");
    expect((await database().bills.toArray()).map((row) => row.id)).toEqual(["9"]);
    expect(await database().assetsOverview.get("u1")).toBeUndefined();
    expect(await database().assetsOverview.get("u2")).toBeDefined();
  });
});

describe("bill queries", () => {
  beforeEach(async () => {
    localStorage.clear();
    closeDatabase();
    await Dexie.delete(DB_NAME);
    const rows = [
      { ...bill("1"), userId: "u1" },
      { ...bill("2", { type: 201, amount: "-12.5" }), userId: "u1" },
      { ...bill("3", { asset: "BTC", type: 318, amount: "0.001" }), userId: "u1" },
      { ...bill("4", { type: 203, amount: "-10" }), userId: "u1" },
      // Bills of one transaction share a time: the later id comes first.
      {
        ...bill("10", { type: 205, amount: "-2.5", createdAt: bill("4").createdAt }),
        userId: "u1",
      },
      { ...bill("5", { asset: "ETH" }), userId: "u2" },
    ];
    await database().bills.bulkPut(rows);
  });

  it("reads newest first, a window at a time, and says whether more exist", async () => {
    const first = await readBills("u1", NO_BILL_FILTER, 2);
    expect(first.items.map((b) => b.id)).toEqual(["10", "4"]);
    expect(first.hasMore).toBe(true);
    const all = await readBills("u1", NO_BILL_FILTER, 10);
    expect(all.items.map((b) => b.id)).toEqual(["10", "4", "3", "2", "1"]);
    expect(all.hasMore).toBe(false);
    expect((await readBills("u1", NO_BILL_FILTER, Infinity)).items).toHaveLength(5);
  });

  it("filters by type, by asset and by both, and never shows another user's bills", async () => {
    const ids = async (type: Bill["type"] | null, asset: string | null) =>
      (await readBills("u1", { type, asset }, 10)).items.map((b) => b.id);
    expect(await ids(106, null)).toEqual(["1"]);
    expect(await ids(null, "BTC")).toEqual(["3"]);
    expect(await ids(null, "USDT")).toEqual(["10", "4", "2", "1"]);
    expect(await ids(318, "BTC")).toEqual(["3"]);
    expect(await ids(318, "USDT")).toEqual([]);
    expect(await ids(null, "ETH")).toEqual([]);
    expect(await ids(106, null)).not.toContain("5");
  });

  it("lists the assets the user has bills in", async () => {
    expect(await readBillAssets("u1")).toEqual(["BTC", "USDT"]);
    expect(await readBillAssets("u2")).toEqual(["ETH"]);
    expect(await readBillAssets("nobody")).toEqual([]);
  });
});

describe("the upgrade that adds bills", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("forgets change-log cursors (so skipped bills are read again) and keeps the rest", async () => {
    // The database as version 3 left it: bills were skipped while the cursor moved on.
    const old = new Dexie(DB_NAME);
    old.version(3).stores({ syncState: "key", messages: "id, [userId+createdAt]" });
    await old.open();
    const now = "2026-01-01T00:00:00Z";
    await old.table("syncState").bulkPut([
      { key: SYNC_KEYS.cursor("u1"), value: "42", updatedAt: now },
      { key: SYNC_KEYS.contentLang, value: "de", updatedAt: now },
    ]);
    old.close();

    expect(await readCursor("u1")).toBe("");
    expect((await database().syncState.get(SYNC_KEYS.contentLang))?.value).toBe("de");
    expect(await database().bills.count()).toBe(0);
  });
});
