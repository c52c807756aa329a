// An account pull that meets a change-log entity this version does not know (a newer server)
// keeps the cursor before it, stores what came before, and says an update is needed; the same
// pull in an updated app (one that knows the entity) goes on through it. A sign-out while the
// last page is stored ends the pull: no request goes out without a token.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AssetsOverview } from "../../protocol";
import { configureApi } from "../api/client";
import { CHANGE_APPLIERS, type KnownAppliers } from "../db/change-appliers";
import { database } from "../db/database";
import { clearSession } from "../db/session";
import { readCursor, readSyncValue, SYNC_KEYS } from "../db/sync-state";
import {
  appliersWithout,
  freshDevice,
  openSpotOrder,
  putChange,
  unreadMessage,
} from "../db/sync-test-fixtures";
import { pullAccount } from "./pull-account";

const overview: AssetsOverview = {
  balances: [],
  usdt: { available: "0", frozen: "0", withdrawing: "0", withdrawn: "0" },
  income: { today: "0", yesterday: "0", total: "0" },
  creditLevel: 0,
  loan: "0",
  equityUsd: "0",
};

/** The server's log: a message (seq 1), then a spot order (seq 2). */
const LOG = [
  putChange("message", "1", unreadMessage("1")),
  putChange("spot-order", "o1", openSpotOrder),
];

let cursorsAsked: string[] = [];
function serveServer(): void {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const ok = (data: unknown) =>
        new Response(JSON.stringify({ HttpStatusCode: 200, Message: "OK", Data: data }));
      if (url.pathname.endsWith("/sync")) {
        const after = Number(url.searchParams.get("cursor") ?? "0");
        cursorsAsked.push(String(after));
        const changes = LOG.slice(after);
        return ok({ changes, cursor: String(LOG.length), hasMore: false });
      }
      if (url.pathname.endsWith("/assets/overview")) return ok(overview);
      return new Response("{}", { status: 503 });
    }),
  );
}

const olderApp = appliersWithout("spot-order");

describe("pullAccount: entities this version does not know, and a sign-out meanwhile", () => {
  beforeEach(async () => {
    await freshDevice("u1");
    cursorsAsked = [];
    configureApi({ origin: "http://quanta.test", getToken: () => "t" });
    serveServer();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("holds the cursor before it, stores what came before, and asks for an update", async () => {
    await pullAccount("u1", olderApp);
    expect(await database().messages.get("1")).toMatchObject({ userId: "u1" });
    expect(await database().spotOrders.count()).toBe(0);
    expect(await readCursor("u1")).toBe("");
    expect(await readSyncValue(SYNC_KEYS.unknownEntity)).toBe("spot-order");
    // The rest of the pull still runs.
    expect(await database().assetsOverview.get("u1")).toMatchObject({ equityUsd: "0" });

    await pullAccount("u1", olderApp);
    expect(cursorsAsked).toEqual(["0", "0"]);
    expect(await readCursor("u1")).toBe("");

    // Updated: the same pull goes through the entity, and the notice goes away.
    await pullAccount("u1");
    expect(await database().spotOrders.get("o1")).toMatchObject({ userId: "u1" });
    expect(await readCursor("u1")).toBe("2");
    expect(await readSyncValue(SYNC_KEYS.unknownEntity)).toBeUndefined();
  });

  it("sends nothing more when the user signs out while the last page is being stored", async () => {
    // The sign-out lands inside the page's transaction, after its session check.
    const signsOutWhileStoring: KnownAppliers = {
      ...CHANGE_APPLIERS,
      message: {
        ...CHANGE_APPLIERS.message,
        async apply(change, context) {
          clearSession();
          await CHANGE_APPLIERS.message.apply(change, context);
        },
      },
    };
    await pullAccount("u1", signsOutWhileStoring);
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL((input as Request).url).pathname);
    expect(asked.filter((path) => !path.endsWith("/sync"))).toEqual([]);
    expect(asked.length).toBeGreaterThan(0);
  });
});
