import Dexie from "dexie";
import { beforeEach, describe, expect, it } from "vitest";
import { closeDatabase, database, DB_NAME } from "../db/database";
import { SYNC_KEYS } from "../db/sync-state";
import { pokeIsNew } from "./poke";

const poke = (cursor: string) => ({ type: "poke" as const, seq: 2, cursor });

describe("pokeIsNew", () => {
  beforeEach(async () => {
    closeDatabase();
    await Dexie.delete(DB_NAME);
  });

  it("asks for a pull only when the head is not the stored cursor", async () => {
    expect(await pokeIsNew("u1", poke("0"))).toBe(true); // nothing stored: ""
    await database().syncState.put({
      key: SYNC_KEYS.cursor("u1"),
      value: "7",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(await pokeIsNew("u1", poke("7"))).toBe(false);
    expect(await pokeIsNew("u1", poke("8"))).toBe(true);
    expect(await pokeIsNew("u2", poke("7"))).toBe(true);
  });

  it("answers a pull, never a rejection, when the database was closed under the app", async () => {
    await database().syncState.put({
      key: SYNC_KEYS.cursor("u1"),
      value: "7",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    database().close(); // as when the browser clears the site's data while the app runs
    await expect(pokeIsNew("u1", poke("7"))).resolves.toBe(true);
    closeDatabase();
  });
});
