// Spot orders arrive through the change log (entity "spot-order") and from the order commands'
// answers: applied with the page's cursor, replaced as they change but never moved backwards,
// malformed ones skipped, and gone with the rest of the user's data at sign-out.
import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import type { ReceivedChange } from "./change-appliers";
import type { SpotOrder } from "../../protocol/spot";
import { applySyncPage, clearUserData } from "./account-data";
import { closeDatabase, database, DB_NAME, QuantaDatabase } from "./database";
import { readSpotOrders } from "./queries/spot";
import { saveSession } from "./session";
import { readSpotConfig, saveSpotConfig, saveSpotOrderAnswer } from "./spot-data";
import { readCursor } from "./sync-state";
import { freshDevice, openSpotOrder, putChange, syncPage } from "./sync-test-fixtures";

const open = openSpotOrder;
const filled: SpotOrder = {
  ...open,
  filled: "0.01",
  avgPrice: "60000",
  fee: "0.6",
  status: "filled",
  filledAt: "2026-01-02T00:01:00Z",
  fills: [
    {
      price: "60000",
      number: "0.01",
      fee: "0.6",
      depthSeq: "41",
      tickSeq: "977",
      liquidity: "taker",
      time: "2026-01-02T00:01:00Z",
    },
  ],
};
const put = (data: unknown, id = "o1"): ReceivedChange => putChange("spot-order", id, data);
const page = syncPage;

describe("spot orders on the device", () => {
  beforeEach(async () => {
    await freshDevice("u1");
  });

  it("stores change-log orders for the user with the cursor, and replaces them as they fill", async () => {
    expect(await applySyncPage("u1", "", page([put(open)], "c1"))).toBe("applied");
    expect(await database().spotOrders.get("o1")).toEqual({ ...open, userId: "u1" });
    expect(await readCursor("u1")).toBe("c1");

    await applySyncPage("u1", "c1", page([put(filled)], "c2"));
    expect(await database().spotOrders.get("o1")).toEqual({ ...filled, userId: "u1" });
    expect(await database().spotOrders.count()).toBe(1);
  });

  it("never takes a finished order back to open (a page read before a cancel arrived)", async () => {
    const cancelled: SpotOrder = {
      ...open,
      status: "cancelled",
      cancelledAt: "2026-01-02T00:02:00Z",
    };
    // The DELETE answer is written first; the change log then replays the order's creation.
    expect(await saveSpotOrderAnswer("u1", cancelled)).toBe(true);
    await applySyncPage("u1", "", page([put(open)], "c1"));
    expect((await database().spotOrders.get("o1"))?.status).toBe("cancelled");
    // The cursor still moved on: the entry was read, it was just older.
    expect(await readCursor("u1")).toBe("c1");
  });

  it("skips malformed entries without failing the page, and honours deletes", async () => {
    const changes = [
      put({ ...open, id: "bad-side", side: 2 }, "bad-side"),
      put({ ...open, id: "bad-number", number: 0.01 }, "bad-number"),
      put({ ...open, id: "bad-status", status: "partially" }, "bad-status"),
      put(null, "null"),
      put({ ...open, id: "o2" }, "o2"),
    ];
    expect(await applySyncPage("u1", "", page(changes, "c1"))).toBe("applied");
    expect((await database().spotOrders.toArray()).map((row) => row.id)).toEqual(["o2"]);
    const remove: ReceivedChange = { entity: "spot-order", id: "o2", op: "delete", data: null };
    await applySyncPage("u1", "c1", page([remove], "c2"));
    expect(await database().spotOrders.count()).toBe(0);
  });

  it("lists open orders and the history newest first, per market or all", async () => {
    const rows: SpotOrder[] = [
      { ...open, id: "a", createdAt: "2026-01-01T00:00:00Z" },
      { ...filled, id: "b", createdAt: "2026-01-02T00:00:00Z" },
      { ...open, id: "c", symbol: "ETH/USDT", createdAt: "2026-01-03T00:00:00Z" },
      {
        ...open,
        id: "d",
        status: "rejected",
        reason: "No liquidity",
        createdAt: "2026-01-04T00:00:00Z",
      },
    ];
    await applySyncPage(
      "u1",
      "",
      page(
        rows.map((row) => put(row, row.id)),
        "c1",
      ),
    );
    const ids = async (list: "open" | "done", symbol: string | null) =>
      (await readSpotOrders("u1", list, symbol)).map((row) => row.id);
    expect(await ids("open", null)).toEqual(["c", "a"]);
    expect(await ids("open", "BTC/USDT")).toEqual(["a"]);
    expect(await ids("done", null)).toEqual(["d", "b"]);
    expect(await ids("done", "ETH/USDT")).toEqual([]);
    expect(await readSpotOrders("u2", "open", null)).toEqual([]);
  });

  it("refuses an answer for a user who signed out meanwhile, and forgets everything at sign-out", async () => {
    await applySyncPage("u1", "", page([put(open)], "c1"));
    await saveSpotConfig("u1", {
      takerFeeRate: "0.001",
      makerFeeRate: "0.0008",
      maxSlippage: "0.05",
      maxPriceAgeSeconds: 10,
      symbols: [],
    });
    await clearUserData("u1");
    expect(await database().spotOrders.count()).toBe(0);
    expect(await readSpotConfig("u1")).toBeUndefined();

    saveSession({ token: "t2", name: null, avatar: null, info: { id: "u2" } });
    expect(await saveSpotOrderAnswer("u1", filled)).toBe(false);
    expect(await database().spotOrders.count()).toBe(0);
  });

  it("version 6 forgets the change-log cursors so skipped spot orders are read again", async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
    const v5 = new Dexie(DB_NAME);
    v5.version(5).stores({ syncState: "key" });
    await v5.open();
    await v5.table("syncState").bulkPut([
      { key: "cursor:u1", value: "c9", updatedAt: "" },
      { key: "lang", value: "en", updatedAt: "" },
    ]);
    v5.close();
    const db = new QuantaDatabase();
    await db.open();
    expect(await db.syncState.get("cursor:u1")).toBeUndefined();
    expect(await db.syncState.get("lang")).toBeDefined();
    expect(db.verno).toBeGreaterThanOrEqual(6); // later versions (7: favourites) keep the upgrade
    db.close();
  });
});
