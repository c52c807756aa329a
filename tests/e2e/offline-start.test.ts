// The offline start's boot path (bench/README.md § offline-start): with the network off and the
// service worker stopped, /home's first content does not wait for anything the boot could have
// started earlier. Checked by what is observable, not by timing: the pitch appears from the
// snapshot while IndexedDB never answers, and the route chunk was in before React started.
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
  const held = window as HeldIndexedDb;
  held.__heldIndexedDbOpens = 0;
  IDBFactory.prototype.open = function open(): IDBOpenDBRequest {
    held.__heldIndexedDbOpens = (held.__heldIndexedDbOpens ?? 0) + 1;
    // An event target that never dispatches: Dexie sets its handlers on it and waits.
    return new EventTarget() as IDBOpenDBRequest;
  };
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
});
