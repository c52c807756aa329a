// The offline start's boot path (bench/README.md § offline-start): with the network off and the
// service worker stopped, /home's first content does not wait for anything the boot could have
// started earlier. Checked by what is observable, not by timing: the pitch appears from the
// snapshot while IndexedDB never answers, and the route chunk was in before React started.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import {
  serverPitchTitle,
  setNetwork,
  waitForFreshness,
  waitForServiceWorker,
  waitForTextContaining,
} from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

// A private copy of dist/: a rebuild while this file runs cannot change what its server serves.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });

/** What the init script below leaves on the page. */
interface HeldIndexedDb {
  __heldIndexedDbOpens?: number;
}

/**
 * Runs at the start of every document (serialised): every IndexedDB open is held forever (a
 * request that never fires), so anything the page shows came from elsewhere.
 */
function holdIndexedDb(): void {
  // The screen's HTML copy (public/paint-snapshot.js) would show the pitch before any of this.
  localStorage.removeItem("quanta:screen-html");
  const held = window as HeldIndexedDb;
  held.__heldIndexedDbOpens = 0;
  IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
    held.__heldIndexedDbOpens = (held.__heldIndexedDbOpens ?? 0) + 1;
    // An event target that never dispatches: Dexie sets its handlers on it and waits.
    return new EventTarget() as IDBOpenDBRequest;
  };
}

/** The service worker's cached entry and chunk scripts go: no module of the app can run. */
async function dropCachedScripts(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let dropped = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!/\/assets\/[^/]+\.js(\?|$)/.test(request.url)) continue;
        if (await cache.delete(request)) dropped += 1;
      }
    }
    return dropped;
  });
}

/** What the copy painter left on #app (after the hand-over the attributes are gone). */
function paintedState(page: Page) {
  return page.evaluate(() => {
    const app = document.getElementById("app");
    return {
      painted: app?.hasAttribute("data-painted-copy") ?? false,
      inert: app?.hasAttribute("inert") ?? false,
      busy: app?.getAttribute("aria-busy") ?? null,
      marked: performance.getEntriesByName("quanta:copy-painted", "mark").length > 0,
      booted: performance.getEntriesByName("quanta:boot-requested", "mark").length > 0,
      // The route stylesheets the painter inlined (the copy shows styled before any link loads).
      inlinedSheets: document.querySelectorAll("style[data-painted-copy]").length,
    };
  });
}

/**
 * When the copy was painted, the browser's first contentful paint, when the app's entry script
 * (public/paint-snapshot.js adds it) was asked for and when the app's code first ran (its boot
 * mark), in ms from navigation start.
 */
function firstPaintOrder(page: Page) {
  return page.evaluate(() => {
    // No named helper in here: the page has no __name for a transpiler to wrap it with.
    const entry = document.querySelector<HTMLScriptElement>("script[type=module][src]")?.src;
    return {
      copy: performance.getEntriesByName("quanta:copy-painted", "mark")[0]?.startTime,
      contentfulPaint: performance.getEntriesByName("first-contentful-paint", "paint")[0]
        ?.startTime,
      entryAsked:
        entry === undefined ? undefined : performance.getEntriesByName(entry)[0]?.startTime,
      appRan: performance.getEntriesByName("quanta:boot-requested", "mark")[0]?.startTime,
    };
  });
}

/** Waits until the writer has stored the copy of `path` (src/features/shell/screen-html-snapshot.ts). */
async function waitForCopy(page: Page, path: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((key) => {
          const raw = localStorage.getItem("quanta:screen-html");
          const screens = raw === null ? {} : (JSON.parse(raw) as { screens?: object }).screens;
          return Object.keys(screens ?? {}).includes(key);
        }, path),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Each test id in #app and the least distance from the document's top it shows at. */
function testIdTops(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const tops: Record<string, number> = {};
    for (const element of document.querySelectorAll("#app [data-testid]")) {
      const id = element.getAttribute("data-testid") ?? "";
      const top = element.getBoundingClientRect().top + window.scrollY;
      tops[id] = Math.min(tops[id] ?? Infinity, top);
    }
    return tops;
  });
}

/** Stores `original` with one field changed (another build, another user). */
function editCopy(page: Page, original: string, field: "build" | "userId", value: string) {
  return page.evaluate(
    ({ original, field, value }) => {
      const stored = JSON.parse(original) as Record<string, unknown>;
      localStorage.setItem("quanta:screen-html", JSON.stringify({ ...stored, [field]: value }));
    },
    { original, field, value },
  );
}

describe("offline start", () => {
  it("paints /home's first content from the snapshot, without waiting for IndexedDB or a chunk after React starts", async () => {
    const { page, session, server, log } = e2e;
    const title = await serverPitchTitle(server);
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    // The online visit: IndexedDB filled, the screen rendered from it (which writes the snapshot).
    await waitForTextContaining(page.getByTestId("home-pitch"), title);
    await waitForFreshness(page);

    await setNetwork(session.context, false);
    const cdp = await session.context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.stopAllWorkers");
    await session.context.addInitScript({
      content: `(() => { const __name = (f) => f; (${holdIndexedDb.toString()})(); })();`,
    });
    const response = await page.goto("/home");
    expect(response?.fromServiceWorker()).toBe(true);

    // The pitch is there, and IndexedDB was asked but never answered: it came from the snapshot.
    await waitForTextContaining(page.getByTestId("home-pitch"), title);
    const opens = await page.evaluate(() => (window as HeldIndexedDb).__heldIndexedDbOpens ?? 0);
    expect(opens).toBeGreaterThan(0);

    // The boot asked for the catalog and the route chunks together, and React started only with
    // /home's chunk in: the router never had to ask for it after the first render.
    const boot = await page.evaluate(() => {
      // No named helper in here: the page has no __name for a transpiler to wrap it with.
      const [requested, render] = ["quanta:boot-requested", "quanta:boot-render"].map(
        (name) => performance.getEntriesByName(name, "mark")[0]?.startTime,
      );
      const homeChunks = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => /\/assets\/home-[\w-]+\.js$/.test(entry.name))
        .map((entry) => ({ start: entry.startTime, end: entry.responseEnd }));
      return {
        requested,
        render,
        homeChunks,
      };
    });
    expect(boot.requested, "mark quanta:boot-requested").toBeTypeOf("number");
    expect(boot.render, "mark quanta:boot-render").toBeTypeOf("number");
    expect(boot.homeChunks).toHaveLength(1);
    expect(boot.homeChunks[0]?.end).toBeLessThanOrEqual(boot.render ?? 0);
    expect(log.pageErrors).toEqual([]);
  });

  it("paints the last-seen screen's copy before any module runs, hands it over, and never paints another build's or user's copy", async () => {
    const { page, session, server, log } = e2e;
    const title = await serverPitchTitle(server);
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    await waitForTextContaining(page.getByTestId("home-pitch"), title);
    await waitForFreshness(page);
    await waitForCopy(page, "/home");
    const liveTops = await testIdTops(page);
    await setNetwork(session.context, false);
    const cdp = await session.context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");

    // An ordinary offline start: the copy is painted, then the app takes over and nothing of
    // the copy is left (one pitch, #app live again).
    await cdp.send("ServiceWorker.stopAllWorkers");
    await page.goto("/home");
    await waitForTextContaining(page.getByTestId("home-pitch"), title);
    await expect
      .poll(() => paintedState(page))
      .toMatchObject({
        painted: false,
        inert: false,
        busy: null,
        marked: true,
        booted: true,
      });
    expect(await page.getByTestId("home-pitch").count()).toBe(1);
    // The first frame needed no module (no synchronous wait before the first paint of a local
    // screen): the copy was painted before the app's entry script was even asked for, and the
    // browser's first contentful paint came before the app's first code ran.
    const order = await firstPaintOrder(page);
    expect(order.copy).toBeTypeOf("number");
    expect(order.entryAsked).toBeTypeOf("number");
    expect(order.copy ?? Infinity).toBeLessThan(order.entryAsked ?? 0);
    expect(order.contentfulPaint ?? Infinity).toBeLessThan(order.appRan ?? 0);
    // The live screen is laid out as without a copy: the app's rem (painted into the copy too),
    // nothing wider than the screen, and its buttons take a click (a copy laid out in the
    // browser's default rem once widened the page and put Trade under the header).
    const layout = await page.evaluate(() => ({
      fontSize: document.documentElement.style.fontSize,
      innerWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth);
    expect(Number.parseFloat(layout.fontSize)).toBeCloseTo(
      (Math.min(layout.innerWidth, 750) / 750) * 16,
      3,
    );
    await page.getByTestId("home-trade").click();
    await page.getByTestId("screen-spots").waitFor();

    // No script of the app can load now: what /home shows is the copy alone, and inert.
    expect(await dropCachedScripts(page)).toBeGreaterThan(0);
    // Offline, the worker's fetch would still find them in the HTTP cache.
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("ServiceWorker.stopAllWorkers");
    await page.goto("/home");
    await waitForTextContaining(page.getByTestId("home-pitch"), title, 10_000);
    expect(await paintedState(page)).toMatchObject({
      painted: true,
      inert: true,
      busy: "true",
      marked: true,
      booted: false,
    });
    expect((await paintedState(page)).inlinedSheets).toBeGreaterThan(0);
    // The copy holds the first screenful (first-screenful.ts): nothing in it starts beyond the
    // first screen and its margin, and what the live screen showed two screens down is not in it
    // (/home is longer than that).
    const copyTops = await testIdTops(page);
    const copyIds = new Set(Object.keys(copyTops));
    const height = await page.evaluate(() => window.innerHeight);
    expect(Object.values(copyTops).filter((top) => top >= 1.25 * height)).toEqual([]);
    const below = Object.keys(liveTops).filter((id) => (liveTops[id] ?? 0) >= 2 * height);
    expect(below.length, "/home is more than two screens long").toBeGreaterThan(0);
    expect(below.filter((id) => copyIds.has(id))).toEqual([]);

    // Another build's copy, another user's copy, or no signed-in user: nothing is painted.
    const original = await page.evaluate(() => localStorage.getItem("quanta:screen-html") ?? "");
    const notPainted = { painted: false, marked: false, booted: false, inlinedSheets: 0 };
    await editCopy(page, original, "build", "/assets/index-another.js");
    await page.goto("/home");
    expect(await paintedState(page)).toMatchObject(notPainted);
    expect(await page.locator("#app").innerHTML()).toBe("");
    await editCopy(page, original, "userId", "someone-else");
    await page.goto("/home");
    expect(await paintedState(page)).toMatchObject(notPainted);
    expect(await page.locator("#app").innerHTML()).toBe("");
    await page.evaluate((copy) => {
      localStorage.setItem("quanta:screen-html", copy);
      localStorage.removeItem("token");
    }, original);
    await page.goto("/login");
    expect(await paintedState(page)).toMatchObject(notPainted);
    await page.goto("/home");
    expect(await paintedState(page)).toMatchObject(notPainted);
    expect(await page.locator("#app").innerHTML()).toBe("");
    expect(log.pageErrors).toEqual([]);
  });
});
