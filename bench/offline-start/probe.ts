// The in-page probe of the offline-start bench (bench/offline-start.ts) and one timed navigation.
//
// An init script runs at the start of every document: a MutationObserver notices the first time
// the screen's first-content element (see SCREENS, or the empty page's one paragraph) is in the
// DOM with text, then waits for the next frame (requestAnimationFrame, then a task, so the frame
// holding it has been painted) and records `performance.now()`, which for a navigation counts
// from its start: "navigation start to first content painted", read inside the page, with no
// polling from Playwright. It records a second time, "live", when that content is the running
// app's (#app no longer holds the painted copy, public/paint-snapshot.js): from then on it can be
// used. For the empty page the two are the same.
import type { BrowserContext } from "playwright-core";

/**
 * The screens measured and what counts as their first content: the element is there with text
 * (and with `pitchTitle` in it for /home, whose block says "Loading…" before). Each element only
 * exists on its own screen.
 */
export const SCREENS = [
  { path: "/home", selector: '[data-testid="home-pitch"]', needsPitchTitle: true },
  { path: "/my", selector: '[data-testid="my-usdt-available"]', needsPitchTitle: false },
  {
    path: "/records",
    selector: '[data-testid="bill-list"], [data-testid="bills-empty"]',
    needsPitchTitle: false,
  },
] as const;
export type Screen = (typeof SCREENS)[number];

/** What the init script leaves on the page: ms from navigation start to each content painted. */
interface ProbedWindow {
  __benchFirstContent?: Promise<number>;
  __benchLiveContent?: Promise<number>;
  /** When the first content was first in the DOM (the observer's callback, before any frame). */
  __benchSeen?: number;
}

/**
 * Runs at the start of every document (serialised: it must not reference anything outside).
 * First content is one of `markers` with text in it (with `pitchTitle` for the pitch), or the
 * empty page's paragraph; live content is the same outside a painted copy.
 */
export function firstContentProbe(
  pitchTitle: string,
  markers: { selector: string; needsPitchTitle: boolean }[],
): void {
  const all = [...markers, { selector: '[data-testid="bench-content"]', needsPitchTitle: false }];
  const shown = () =>
    all.some((marker) => {
      const text = document.querySelector(marker.selector)?.textContent ?? "";
      return marker.needsPitchTitle ? text.includes(pitchTitle) : text.trim() !== "";
    });
  const live = () => document.querySelector("[data-painted-copy]") === null;
  // rAF runs just before the frame is painted; a task posted from it runs after that paint.
  const painted = (resolve: (ms: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    });
  const probed = window as ProbedWindow;
  const watch = (done: () => boolean, seen?: (ms: number) => void) =>
    new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        seen?.(performance.now());
        painted(resolve);
      });
      observer.observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: ["data-painted-copy"],
      });
    });
  probed.__benchFirstContent = watch(shown, (ms) => (probed.__benchSeen = ms));
  probed.__benchLiveContent = watch(() => shown() && live());
}

/** One navigation, in ms from its start (NaN: that step did not happen). */
export interface Timing {
  /** The document's last byte arrived (for offline /home: the service worker answered). */
  document: number;
  /** public/paint-snapshot.js painted the last-seen screen's copy (mark quanta:copy-painted). */
  copy: number;
  /** The boot path asked for the catalog, route chunks and IndexedDB (its first mark). */
  requested: number;
  /** The boot path had the catalog and route chunks and started React (its second mark). */
  render: number;
  firstContent: number;
  /** The first content was in the DOM (NaN: never). */
  seen: number;
  /** The first contentful paint's time (Paint Timing: when the frame was presented). */
  fcp: number;
  /** The running app's first content painted (the copy handed over). */
  liveContent: number;
}

/**
 * One navigation in a new tab, throttled like the rest: a tab opens on a blank document whose
 * renderer the navigation can take over, so neither page pays for starting a process inside its
 * figure (from about:blank in an old tab, a cross-site page would and a same-site one would not).
 * `prepare` runs before the navigation, so no app page sees the network switch.
 */
export async function timeFirstContent(
  context: BrowserContext,
  url: string,
  cpuSlowdown: number,
  prepare: () => Promise<void>,
): Promise<Timing> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    await prepare();
    await page.goto(url, { waitUntil: "commit" });
    const timing = await page.evaluate(async () => {
      const probed = window as ProbedWindow;
      const firstContent = await probed.__benchFirstContent;
      const liveContent = await probed.__benchLiveContent;
      const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      // public/paint-snapshot.js's and src/features/shell/start-early.ts's marks.
      const [copy, requested, render] = [
        "quanta:copy-painted",
        "quanta:boot-requested",
        "quanta:boot-render",
      ].map((name) => performance.getEntriesByName(name, "mark")[0]?.startTime ?? Number.NaN);
      // The paint entry is reported once the frame was presented, which may be after the probe's
      // task: wait for it (a page with no text never has one).
      const fcp = await new Promise<number>((resolve) => {
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (entry === undefined) return;
          observer.disconnect();
          resolve(entry.startTime);
        });
        observer.observe({ type: "paint", buffered: true });
        setTimeout(() => resolve(Number.NaN), 5_000);
      });
      return {
        seen: probed.__benchSeen ?? Number.NaN,
        fcp,
        copy: copy ?? Number.NaN,
        requested: requested ?? Number.NaN,
        render: render ?? Number.NaN,
        document: entry?.responseEnd ?? Number.NaN,
        firstContent,
        liveContent,
      };
    });
    if (typeof timing.firstContent !== "number" || typeof timing.liveContent !== "number") {
      throw new Error(`No first content on ${url}.`);
    }
    return { ...timing, firstContent: timing.firstContent, liveContent: timing.liveContent };
  } finally {
    await page.close();
  }
}
