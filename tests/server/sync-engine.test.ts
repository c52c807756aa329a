// The sync engine (src/sync) with fake-indexeddb against the real server app on a real port —
// no mocked API: the first pull fills IndexedDB, the second costs 304s, /sync pages by cursor, a
// cleared database is rebuilt, a reset server's cursor starts over, a poke on /ws/account pulls,
// focus and visibility pull, and a lock reaches the app through /sync's 403.
import "./helpers/browser-globals";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { SETTING_ALIASES } from "../../protocol/content";
import { SYNC_PAGE_LIMIT } from "../../protocol/sync";
import { database, DB_NAME } from "../../src/db/database";
import { readSession } from "../../src/db/session";
import { readCursor, readPhase, SYNC_KEYS } from "../../src/db/sync-state";
import { FakePage, testEnvironment } from "../../src/sync/testing/fake-environment";
import {
  addMessages as addTo,
  eventually,
  nodeSocket,
  signIn,
  useSyncDevice,
  useSyncTestServer,
} from "./helpers/sync-client";

const server = useSyncTestServer();
const { engine, events, seen } = useSyncDevice(server);
const addMessages = (userId: string, count: number) => addTo(server.db(), userId, count);

describe("pulling", () => {
  it("fills IndexedDB on the first pull: content with bodies, status, the user's data, the session", async () => {
    const user = await signIn(server.db());
    await addMessages(user.userId, 2);
    // The start pull, and no other.
    await engine().whenIdle();

    const db = database();
    const settings = await db.systemSettings.toArray();
    expect(settings.map((row) => row.alias).sort()).toEqual([...SETTING_ALIASES].sort());
    expect(settings.every((row) => row.lang === "en")).toBe(true);
    expect(await db.links.count()).toBeGreaterThan(0);
    const articles = await db.articles.toArray();
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.filter((row) => row.body === null)).toEqual([]);
    // Exactly the services the server has probed (only what is built is listed).
    const probed = await server
      .db()
      .query<{ key: string }>("SELECT key FROM status_current ORDER BY key");
    expect(probed.length).toBeGreaterThan(0);
    expect((await db.status.toArray()).map((row) => row.key).sort()).toEqual(
      probed.map((row) => row.key),
    );
    expect(await db.profile.get(user.userId)).toMatchObject({ id: user.userId });
    expect(await db.messages.count()).toBe(2);
    // The seed's localStorage keys follow the profile the change log brought.
    expect(readSession()?.info).toMatchObject({ id: user.userId, address: expect.any(String) });
    expect(await readCursor(user.userId)).not.toBe("");
    expect(await readPhase()).toBe("in-sync");
    for (const key of [
      SYNC_KEYS.freshness("articles", "en"),
      SYNC_KEYS.accountFreshness(user.userId),
    ]) {
      expect((await db.syncState.get(key))?.value).toEqual(expect.any(String));
    }
    // One request per article body, none twice.
    expect(seen("system/article").length).toBe(1);
    expect(server.requests.filter((r) => /system\/article\//.test(r.url))).toHaveLength(
      articles.length,
    );
  });

  it("sends If-None-Match on the next pull and gets 304s; freshness moves on, bodies are not fetched again", async () => {
    await signIn(server.db());
    const sync = engine();
    await sync.requestPull();
    const freshBefore = (await database().syncState.get(SYNC_KEYS.freshness("links", "en")))?.value;
    server.requests.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 5));

    await sync.requestPull();
    const publicGets = ["system/system", "system/link", "system/article", "system/status"];
    for (const path of publicGets) {
      expect(seen(path), path).toHaveLength(1);
      expect(seen(path)[0]).toMatchObject({
        status: 304,
        ifNoneMatch: expect.stringMatching(/^"/),
      });
    }
    expect(server.requests.filter((r) => /system\/article\//.test(r.url))).toEqual([]);
    expect(seen("sync")).toHaveLength(1);
    const freshAfter = (await database().syncState.get(SYNC_KEYS.freshness("links", "en")))?.value;
    expect(String(freshAfter) > String(freshBefore)).toBe(true);
  });

  it("coalesces triggers during a pull into one more pull", async () => {
    await signIn(server.db());
    const sync = engine();
    await sync.requestPull();
    server.requests.length = 0;
    await Promise.all([sync.requestPull(), sync.requestPull(), sync.requestPull()]);
    // The first runs at once; the other two ride on one follow-up pull.
    expect(seen("sync").length).toBeLessThanOrEqual(2);
  });

  it("pages through /sync with the cursor of each page", async () => {
    const user = await signIn(server.db());
    const sync = engine();
    await sync.requestPull();
    const before = await readCursor(user.userId);
    await addMessages(user.userId, SYNC_PAGE_LIMIT + 10);
    server.requests.length = 0;

    await sync.requestPull({ public: false, account: true });
    const pages = seen("sync");
    expect(pages).toHaveLength(2);
    expect(pages[0]?.url).toContain(`cursor=${before}`);
    const middle = /cursor=(\d+)/.exec(pages[1]?.url ?? "")?.[1];
    expect(BigInt(middle ?? "0")).toBe(BigInt(before) + BigInt(SYNC_PAGE_LIMIT));
    expect(await database().messages.count()).toBe(SYNC_PAGE_LIMIT + 10);
    expect(BigInt(await readCursor(user.userId))).toBe(
      BigInt(before) + BigInt(SYNC_PAGE_LIMIT + 10),
    );
  });

  it("rebuilds everything from the server when the database is deleted while open", async () => {
    const user = await signIn(server.db());
    await addMessages(user.userId, 3);
    await engine().requestPull();
    const articles = await database().articles.count();
    server.requests.length = 0;

    // What "clear site data" or another tab's "clear local data" does to an open app.
    await Dexie.delete(DB_NAME);
    await eventually(async () => (await database().articles.count()) === articles);
    await eventually(async () => (await database().messages.count()) === 3);
    expect(seen("sync")[0]?.url).not.toContain("cursor=");
    expect(seen("system/article")[0]?.ifNoneMatch).toBeNull();
    await eventually(async () => (await readPhase()) === "in-sync");
  });

  it("reads the change log from the start when the cursor is missing", async () => {
    const user = await signIn(server.db());
    await addMessages(user.userId, 2);
    const sync = engine();
    await sync.requestPull();
    await database().syncState.delete(SYNC_KEYS.cursor(user.userId));
    await database().messages.clear();
    server.requests.length = 0;

    await sync.requestPull();
    expect(seen("sync")[0]?.url).not.toContain("cursor=");
    expect(await database().messages.count()).toBe(2);
  });

  it("starts over from empty when the server no longer knows the cursor (400)", async () => {
    const user = await signIn(server.db());
    await addMessages(user.userId, 2);
    const sync = engine();
    await sync.requestPull();
    const head = await readCursor(user.userId);
    // A cursor from another server: ahead of this account's log.
    await database().syncState.put({
      key: SYNC_KEYS.cursor(user.userId),
      value: "999999",
      updatedAt: new Date().toISOString(),
    });
    await database().messages.put({
      id: "999998",
      userId: user.userId,
      title: "From the old server",
      summary: "",
      body: "x",
      read: false,
      createdAt: "2020-01-01T00:00:00Z",
      kind: null,
      params: {},
    });
    server.requests.length = 0;

    await sync.requestPull();
    expect(seen("sync").map((r) => r.status)).toEqual([400, 200]);
    expect(await readCursor(user.userId)).toBe(head);
    // The old server's data went with its cursor.
    expect(await database().messages.get("999998")).toBeUndefined();
    expect(await database().messages.count()).toBe(2);
    expect(await readPhase()).toBe("in-sync");
  });

  it("hands a locked account to the lock handler through /sync's 403, and stops pulling it", async () => {
    const user = await signIn(server.db());
    const sync = engine();
    await sync.requestPull();
    await server.db().query("UPDATE users SET locked = true WHERE id = $1", [user.userId]);

    await sync.requestPull();
    expect(seen("sync").at(-1)?.status).toBe(403);
    expect(events.locked).toBe(1);
    // A lock is the session's business, not a sync failure.
    expect(await readPhase()).toBe("in-sync");
    server.requests.length = 0;
    await sync.requestPull();
    expect(seen("sync")).toEqual([]);
  });

  it("pulls on a poke from /ws/account, without any other trigger", async () => {
    const user = await signIn(server.db());
    const sync = engine({ env: testEnvironment(new FakePage(), { openSocket: nodeSocket }) });
    await sync.requestPull();
    // Whether the socket is up yet or not: its first poke carries the head, later ones the news.
    await addMessages(user.userId, 1);
    await eventually(async () => (await database().messages.count()) === 1);
  });

  it("pulls on focus, on becoming visible and when a language is chosen", async () => {
    await signIn(server.db());
    const page = new FakePage();
    const sync = engine({ env: testEnvironment(page) });
    await sync.requestPull();
    server.requests.length = 0;

    page.focus();
    await eventually(async () => seen("sync").length === 1);
    page.hide();
    page.show();
    await eventually(async () => seen("sync").length === 2);

    await sync.setLanguage("de");
    expect(seen("system/system").at(-1)?.url).toContain("lang=de");
    const german = await database()
      .systemSettings.where("[lang+alias]")
      .between(["de", ""], ["de", "\uffff"])
      .count();
    expect(german).toBe(SETTING_ALIASES.length);
  });
});
