// Diagnostics of the offline-start bench (bench/offline-start.ts): the throttling check and the
// BENCH_OFFLINE_TRACE=1 timeline of one start.
import { writeFileSync } from "node:fs";
import type { BrowserContext, CDPSession, Page } from "playwright-core";

/** BENCH_OFFLINE_TRACE_FILE: where to write a Chromium trace of the traced start (chrome://tracing). */
const TRACE_FILE = process.env["BENCH_OFFLINE_TRACE_FILE"];
const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  "loading",
  "v8.execute",
  "blink",
];

/**
 * BENCH_OFFLINE_TRACE=1: one more cold /home, printed as a timeline (ms from navigation start) of
 * every file it loaded (asked for → answered) and the app's performance marks: which wait
 * follows which.
 */
export async function traceOnce(
  context: BrowserContext,
  url: string,
  cpuSlowdown: number,
): Promise<void> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    const events: unknown[] = [];
    if (TRACE_FILE !== undefined) {
      cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
      await cdp.send("Tracing.start", { traceConfig: { includedCategories: TRACE_CATEGORIES } });
    }
    await page.goto(url, { waitUntil: "commit" });
    // Plain values out of the page (a named helper inside would need tsx's __name there).
    const rows = await page.evaluate(async () => {
      const probed = window as { __benchFirstContent?: Promise<number> } & {
        __benchLiveContent?: Promise<number>;
      };
      const firstContent = await probed.__benchFirstContent;
      const liveContent = await probed.__benchLiveContent;
      const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return [
        { at: 0, end: nav?.responseEnd ?? Number.NaN, what: "document" },
        ...resources.map((entry) => ({
          at: entry.startTime,
          end: entry.responseEnd,
          what: entry.name.replace(location.origin, ""),
        })),
        ...performance
          .getEntriesByType("mark")
          .map((mark) => ({ at: mark.startTime, end: null, what: `mark ${mark.name}` })),
        // The browser's own first-paint and first-contentful-paint.
        ...performance
          .getEntriesByType("paint")
          .map((paint) => ({ at: paint.startTime, end: null, what: paint.name })),
        { at: nav?.domContentLoadedEventEnd ?? Number.NaN, end: null, what: "DOMContentLoaded" },
        { at: firstContent ?? Number.NaN, end: null, what: "first content painted" },
        { at: liveContent ?? Number.NaN, end: null, what: "the live app's content painted" },
      ];
    });
    const ms = (value: number | null) => (value === null ? "" : value.toFixed(0)).padStart(5);
    const lines = rows
      .sort((x, y) => x.at - y.at)
      .map((row) => `${ms(row.at)} ${ms(row.end)} ${row.what}`);
    if (TRACE_FILE !== undefined) {
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await complete;
      writeFileSync(TRACE_FILE, JSON.stringify({ traceEvents: events }));
      console.log(`offline-start: Chromium trace of ${url} in ${TRACE_FILE}`);
    }
    console.log(`offline-start trace of ${url} (asked for, answered, what):`);
    for (const line of lines) console.log(`  ${line}`);
  } finally {
    await page.close();
  }
}

/**
 * Throttling is set on the page's DevTools session; this checks that it holds on both origins
 * (each has its own renderer process) by timing the same busy loop at 1× and at the set rate.
 */
export async function checkThrottling(
  page: Page,
  cdp: CDPSession,
  emptyUrl: string,
  appUrl: string,
  cpuSlowdown: number,
): Promise<number> {
  // The fastest of five runs: the first ones pay for compiling the loop, and the machine's other
  // work only ever makes a run slower.
  const busy = async (): Promise<number> => {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5; run++) {
      const ms = await page.evaluate(() => {
        const start = performance.now();
        let x = 0;
        for (let i = 0; i < 5_000_000; i++) x = (x + i * 7) % 1_000_003;
        return performance.now() - start + (x < 0 ? 1 : 0);
      });
      best = Math.min(best, ms);
    }
    return best;
  };
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await page.goto(emptyUrl);
  const base = await busy();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await page.goto("about:blank");
  await page.goto(emptyUrl);
  const onEmpty = await busy();
  await page.goto(appUrl);
  const onApp = await busy();
  const factor = Math.min(onEmpty, onApp) / base;
  if (factor < cpuSlowdown / 2) {
    console.warn(
      `offline-start: CPU throttling looks weak (loop ${base.toFixed(0)} ms at 1×, ` +
        `${onEmpty.toFixed(0)} ms on the empty page and ${onApp.toFixed(0)} ms on /home at ` +
        `${cpuSlowdown}×); the machine may be busy.`,
    );
  }
  return factor;
}
