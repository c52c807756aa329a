// Local-first checks for e2e tests: the service worker in control, screens rendered
// from IndexedDB and how fresh they say they are, the network switched off for the whole
// browser (pages and service worker alike), IndexedDB wiped as Safari's eviction would, the
// sync leader's Web Lock, and the server-side facts (subscriptions, messages) through the
// operators' API.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { AdminSubscriptionItem } from "../../../protocol/admin";
import type { Article, SystemSettings } from "../../../protocol/content";
import type { ListPage } from "../../../protocol/list";
import type { MessageItem } from "../../../protocol/messages";
import type { StartedServer } from "../harness/server";
import { api } from "./accounts";

/**
 * How long to wait for something the device does by itself (render from IndexedDB, take a lock):
 * generous because a busy 2-core machine runs Chromium, the server and the runner at once.
 */
export const LOCAL = { timeout: 15_000 } as const;

/** The Web Lock the leading tab holds while it syncs (src/sync). */
export const LEADER_LOCK = "quanta-sync-leader";

/**
 * Waits until a service worker controls the page (the first visit installs and claims it) and
 * the app shell is in its precache, which is what an offline load is served from. Polled with
 * page.evaluate: page.waitForFunction takes an async predicate's Promise as truthy at once.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const shell = await caches.match("/index.html", { ignoreSearch: true });
          return (
            registration?.active?.state === "activated" &&
            navigator.serviceWorker.controller !== null &&
            shell !== undefined
          );
        }),
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
}

/**
 * Waits until the app itself shows the screen: after an offline start `#app` may first hold the
 * last-seen screen's copy (public/paint-snapshot.js), inert and only its first screenful, until
 * the app's first render replaces it. Read what lies lower on a screen only after this.
 */
export async function waitForLiveApp(page: Page): Promise<void> {
  await page.locator("#app:not([data-painted-copy])").waitFor({ state: "attached", ...LOCAL });
}

/** The trimmed text of the first match, "" while there is none. */
export async function textOf(locator: Locator): Promise<string> {
  if ((await locator.count()) === 0) return "";
  return ((await locator.first().textContent()) ?? "").trim();
}

/** Waits until the element shows some text (content arrived, not just a frame), and returns it. */
export async function waitForText(locator: Locator, timeout = 30_000): Promise<string> {
  await expect.poll(() => textOf(locator), { timeout }).not.toBe("");
  return textOf(locator);
}

/** The visible freshness line's `data-synced-at` ("" while the screen's data never synced). */
export async function syncedAt(page: Page): Promise<string> {
  const visible = page.getByTestId("freshness").filter({ visible: true });
  if ((await visible.count()) === 0) return "";
  return (await visible.first().getAttribute("data-synced-at")) ?? "";
}

/** Waits until the screen says when its data was synced; returns that time (ISO). */
export async function waitForFreshness(page: Page, timeout = 30_000): Promise<string> {
  // The value the poll saw: reading again could catch the line between two renders (the copy
  // handed over to the live screen, or a screen re-rendering) with no time in it yet.
  let at = "";
  await expect.poll(async () => (at = await syncedAt(page)), { timeout }).not.toBe("");
  expect(Number.isNaN(Date.parse(at)), `data-synced-at=${at}`).toBe(false);
  expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1_000);
  return at;
}

/**
 * Network off or on for the whole context. Checked in this Chromium: Playwright's offline
 * emulation also fails the service worker's own fetches (not only the pages'), so nothing
 * reaches the server while it is off.
 */
export async function setNetwork(context: BrowserContext, online: boolean): Promise<void> {
  await context.setOffline(!online);
}

/** The attribute of the first match, or null while there is none. */
export async function attributeOf(locator: Locator, name: string): Promise<string | null> {
  if ((await locator.count()) === 0) return null;
  return locator.first().getAttribute(name);
}

/** The `data-state` of the outbox entry shown under `scope` (null while none is shown). */
export function outboxStateIn(scope: Page | Locator): Promise<string | null> {
  return attributeOf(scope.getByTestId("outbox-state"), "data-state");
}

/** The session token the app keeps in localStorage. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  if (!token) throw new Error("The page holds no session token.");
  return token;
}

/**
 * Deletes the origin's IndexedDB through DevTools, as a browser evicting storage would; open
 * connections are closed under the app's feet. A running app may recreate its database at once
 * (the market feed writes every second), so tests tell that it was emptied by a marker row
 * (writeMarker/hasMarker), not by listing databases.
 */
export async function clearIndexedDb(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("Storage.clearDataForOrigin", {
      origin: new URL(page.url()).origin,
      storageTypes: "indexeddb",
    });
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export interface LockSnapshot {
  held: string[];
  pending: string[];
}

/** The origin's Web Locks named `name` (held and waiting), by client id, seen from `page`. */
export function locksNamed(page: Page, name = LEADER_LOCK): Promise<LockSnapshot> {
  // No named inner functions: the callback is serialised, and a transpiler's __name() wrapper
  // around them would not exist in the page.
  return page.evaluate(async (lockName) => {
    const snapshot = await navigator.locks.query();
    return {
      held: (snapshot.held ?? []).filter((l) => l.name === lockName).map((l) => l.clientId ?? ""),
      pending: (snapshot.pending ?? [])
        .filter((l) => l.name === lockName)
        .map((l) => l.clientId ?? ""),
    };
  }, name);
}

/**
 * Which of `pages` holds a lock, by its `clientId` in navigator.locks.query(). Chromium's client
 * ids are internal tokens, so each tab learns its own by holding a throwaway lock of a unique
 * name for a moment and reading that lock's clientId.
 */
export async function tabWithLock(pages: Page[], clientId: string): Promise<Page> {
  const ids: string[] = [];
  for (const page of pages) {
    const own = await page.evaluate(async () => {
      const probe = `e2e-probe-${crypto.randomUUID()}`;
      return navigator.locks.request(probe, async () => {
        const snapshot = await navigator.locks.query();
        return (snapshot.held ?? []).find((l) => l.name === probe)?.clientId ?? "";
      });
    });
    ids.push(own);
    if (own !== "" && own === clientId) return page;
  }
  throw new Error(`No tab holds the lock of client ${clientId} (tabs: ${ids.join(", ")}).`);
}

/** The operator's view of the subscriptions of one address (the server's rows). */
export async function subscriptionsOf(
  server: StartedServer,
  operator: string,
  email: string,
): Promise<AdminSubscriptionItem[]> {
  const answer = await api<ListPage<AdminSubscriptionItem>>(
    server,
    "GET",
    `admin/subscriptions?email=${encodeURIComponent(email)}`,
    { token: operator },
  );
  if (answer.status !== 200) {
    throw new Error(`GET admin/subscriptions: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data.items;
}

/** An operator's message to one user (POST /admin/messages); answers the new message's id. */
export async function sendMessage(
  server: StartedServer,
  operator: string,
  message: { address: string; title: string; body: string },
): Promise<string> {
  const answer = await api<{ message: { id: string } }>(server, "POST", "admin/messages", {
    token: operator,
    json: message,
  });
  if (answer.status !== 200) {
    throw new Error(`POST admin/messages: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data.message.id;
}

/**
 * The home pitch's title as the server serves it: what /home shows once its content is there
 * (before that the block says "Loading…", so "has some text" would not do).
 */
export async function serverPitchTitle(server: StartedServer, lang = "en"): Promise<string> {
  const answer = await api<SystemSettings>(server, "GET", `system/system?lang=${lang}`);
  const pitch = answer.body.Data.content.find((item) => item.alias === "pitch");
  if (answer.status !== 200 || pitch?.alias !== "pitch") {
    throw new Error(`GET system/system has no pitch: ${JSON.stringify(answer.body)}`);
  }
  return pitch.dataset.title;
}

/** One article as the server serves it. */
export async function serverArticle(
  server: StartedServer,
  id: string,
  lang = "en",
): Promise<Article> {
  const answer = await api<Article>(server, "GET", `system/article/${id}?lang=${lang}`);
  if (answer.status !== 200) {
    throw new Error(`GET system/article/${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data;
}

/** Waits until the element's text contains `expected`; answers its whole text. */
export async function waitForTextContaining(
  locator: Locator,
  expected: string,
  timeout = 30_000,
): Promise<string> {
  await expect.poll(() => textOf(locator), { timeout }).toContain(expected);
  return textOf(locator);
}

/** The user's messages as the server lists them (newest first). */
export async function messagesOf(server: StartedServer, token: string): Promise<MessageItem[]> {
  const answer = await api<ListPage<MessageItem>>(server, "GET", "profile/message?limit=50", {
    token,
  });
  if (answer.status !== 200) {
    throw new Error(`GET profile/message: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body.Data.items;
}

const MARKER_KEY = "e2e-marker";

/**
 * Puts a row no sync ever writes or deletes into the app's database ("quanta", store syncState),
 * so a test can tell a database that was really emptied from one that was only re-synced.
 */
export function writeMarker(page: Page): Promise<void> {
  return page.evaluate(async (key) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("quanta");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error("open failed"));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction("syncState", "readwrite");
        tx.objectStore("syncState").put({ key, value: true, updatedAt: new Date().toISOString() });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error("put failed"));
      });
    } finally {
      db.close();
    }
  }, MARKER_KEY);
}

/** Whether the marker row is still there (false too when the database does not exist). */
export function hasMarker(page: Page): Promise<boolean> {
  return page.evaluate(async (key) => {
    // Opening a missing database would create an empty one under the app's feet.
    if (!(await indexedDB.databases()).some((d) => d.name === "quanta")) return false;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("quanta");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error("open failed"));
    });
    try {
      if (!db.objectStoreNames.contains("syncState")) return false;
      return await new Promise<boolean>((resolve, reject) => {
        const get = db.transaction("syncState").objectStore("syncState").get(key);
        get.onsuccess = () => resolve(get.result !== undefined);
        get.onerror = () => reject(get.error ?? new Error("get failed"));
      });
    } finally {
      db.close();
    }
  }, MARKER_KEY);
}
