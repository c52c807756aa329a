// The change log's entities are one list, and a put pairs each entity with its own data: a wrong
// pair (what the server's recordPut and appendChange take) does not compile.
import { describe, expect, it } from "vitest";
import type { Profile } from "./account";
import { SYNC_ENTITIES, syncDelete, syncPut } from "./sync";

// Only passed through: its fields do not matter here.
const profile = { id: "u1" } as Profile;

describe("the change log's entities", () => {
  it("lists every entity once", () => {
    expect(new Set(SYNC_ENTITIES).size).toBe(SYNC_ENTITIES.length);
    expect(SYNC_ENTITIES).toContain("spot-order");
  });

  it("builds puts of paired entity and data, and deletes without data", () => {
    expect(syncPut("profile", "u1", profile)).toEqual({
      entity: "profile",
      id: "u1",
      op: "put",
      data: profile,
    });
    expect(syncDelete("identity", "current")).toEqual({
      entity: "identity",
      id: "current",
      op: "delete",
      data: null,
    });
    // @ts-expect-error a bill's entry cannot carry a profile
    syncPut("bill", "1", profile);
    // @ts-expect-error nor can an entity the protocol does not name exist
    syncPut("option-order", "1", profile);
  });
});
