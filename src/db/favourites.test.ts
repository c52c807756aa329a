// Favourite markets live in IndexedDB (Dexie version 7) and survive a reopened database.
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database } from "./database";
import { toggleFavourite } from "./favourites";
import { freshDevice } from "./sync-test-fixtures";

describe("favourites", () => {
  beforeEach(() => freshDevice());

  it("stars, keeps across a reopened database, and unstars", async () => {
    expect(await toggleFavourite("ETH/USDT")).toBe(true);
    expect(await toggleFavourite("SOL/USDT")).toBe(true);
    closeDatabase();
    expect(database().verno).toBeGreaterThanOrEqual(7);
    const rows = await database().favourites.toArray();
    expect(rows.map((r) => r.symbol).sort()).toEqual(["ETH/USDT", "SOL/USDT"]);
    expect(await toggleFavourite("ETH/USDT")).toBe(false);
    expect((await database().favourites.toArray()).map((r) => r.symbol)).toEqual(["SOL/USDT"]);
  });
});
