// Every route on a 390×844 phone, signed in, in English and Thai: a screenshot for reviewers
// (tests/e2e/artifacts/screens/<lang>-<route>.png), no two visible controls on top of each
// other, nothing wider than the screen. And the shell's layers: prompts never cover the menu.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";
import { artifactsDir } from "./harness/paths";
import { signInFromNode } from "./helpers/accounts";
import { APP_ROUTES, routeSlug } from "./helpers/routes";

const e2e = useE2E();
// A wallet session meets the console's own sign-in on every /admin route: walked once, at /admin.
const ROUTES = APP_ROUTES.filter((route) => !route.startsWith("/admin/"));
const screensDir = path.join(artifactsDir, "screens");

interface Overlap {
  a: string;
  b: string;
}

interface LayoutReport {
  overlaps: Overlap[];
  /** How far the page is wider than the screen, in CSS px (0 when it fits). */
  overflowX: number;
  controls: number;
}

/**
 * A real session stored where the app keeps it, in the given language, before the app's first
 * load: the first page is then already a signed-in screen (where the offline-ready notice shows).
 */
async function signIn(page: Page, lang: string): Promise<void> {
  const token = await signInFromNode(e2e.server);
  await page.addInitScript(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { token, lang },
  );
}

/**
 * Runs in the page. Controls are compared within one layer: the scrolling page, or one fixed or
 * sticky bar. Page content passing under the header or tab bar while scrolling is how every app
 * scrolls, not an overlap; two buttons drawn on top of each other in the same layer are.
 */
function measureLayout(): LayoutReport {
  const selector =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, ' +
    '[role="button"], [role="tab"], [role="link"], [role="checkbox"], [tabindex="0"]';
  const layerOf = (element: Element): Element | null => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === "fixed" || position === "sticky") return node;
    }
    return null;
  };
  const describe = (element: Element): string => {
    const id = element.getAttribute("data-testid");
    const name =
      element.getAttribute("aria-label") ?? (element.textContent ?? "").trim().slice(0, 30);
    return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ""} "${name}"`;
  };
  const controls = [...document.querySelectorAll(selector)]
    .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
    .map((element) => ({ element, box: element.getBoundingClientRect(), layer: layerOf(element) }))
    // Visually hidden inputs (inside their styled label) are 1 px; the label is the control.
    .filter(({ box }) => box.width > 1 && box.height > 1);
  const overlaps: Overlap[] = [];
  // Borders touching or anti-aliasing rounding are not overlaps.
  const slack = 2;
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i];
      const b = controls[j];
      if (!a || !b || a.layer !== b.layer) continue;
      if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (width > slack && height > slack) {
        overlaps.push({ a: describe(a.element), b: describe(b.element) });
      }
    }
  }
  const root = document.documentElement;
  return {
    overlaps,
    overflowX: Math.max(0, root.scrollWidth - root.clientWidth),
    controls: controls.length,
  };
}

/** The route's screen has rendered and settled (fonts loaded, lazy parts in). */
async function settle(page: Page): Promise<void> {
  await page.locator('[data-testid^="screen-"]').first().waitFor({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(400);
}

/**
 * The whole screen as a phone shows it while scrolling: the viewport grows to the page's height
 * for the shot, so the header and tab bar sit at its top and bottom instead of across content
 * (a full-page capture leaves fixed bars where the first viewport ended).
 */
async function screenshotWhole(page: Page, file: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 390, height: Math.max(844, height) });
  await page.waitForTimeout(100);
  await page.screenshot({ path: file });
  await page.setViewportSize({ width: 390, height: 844 });
}

describe("layout at 390×844", () => {
  it.each(["en", "th"])(
    "has no overlapping controls and no sideways scrolling on any route (%s)",
    async (lang) => {
      const { page } = e2e;
      mkdirSync(screensDir, { recursive: true });
      await signIn(page, lang);
      const problems: string[] = [];
      for (const route of ROUTES) {
        await page.goto(route);
        await settle(page);
        const report = await page.evaluate(measureLayout);
        await screenshotWhole(page, path.join(screensDir, `${lang}-${routeSlug(route)}.png`));
        expect(report.controls, route).toBeGreaterThan(0);
        for (const { a, b } of report.overlaps) problems.push(`${route}: ${a} overlaps ${b}`);
        if (report.overflowX > 0) problems.push(`${route}: ${report.overflowX}px too wide`);
      }
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(problems).toEqual([]);
      expect(e2e.log.pageErrors).toEqual([]);
    },
    120_000,
  );
});

describe("shell layers", () => {
  it("keeps the offline-ready notice below the open menu, and it goes away by itself", async () => {
    const { page } = e2e;
    await signIn(page, "en");
    await page.goto("/home");
    const notice = page.getByTestId("pwa-offline-ready");
    await notice.waitFor({ timeout: 60_000 });
    await page.getByTestId("menu-button").click();
    const signOut = page.getByRole("button", { name: "Sign out" });
    await signOut.waitFor();
    // Whatever the notice covers, "Sign out" and every menu entry are on top where it sits.
    const box = await notice.boundingBox();
    expect(box).not.toBeNull();
    const covered = await page.evaluate(
      ({ x, y }) => (document.elementFromPoint(x, y)?.closest(".q-drawer") ?? null) !== null,
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    );
    expect(covered).toBe(true);
    const signOutBox = await signOut.boundingBox();
    const onTop = await page.evaluate(
      ({ x, y }) =>
        (document.elementFromPoint(x, y)?.closest(".q-drawer__signout") ?? null) !== null,
      {
        x: (signOutBox?.x ?? 0) + (signOutBox?.width ?? 0) / 2,
        y: (signOutBox?.y ?? 0) + (signOutBox?.height ?? 0) / 2,
      },
    );
    expect(onTop).toBe(true);
    // Nobody touches it: it leaves on its own.
    await notice.waitFor({ state: "detached", timeout: 10_000 });
  });

  it("lists only working screens in the tab bar; the menu says which are coming soon", async () => {
    const { page } = e2e;
    await signIn(page, "en");
    await page.goto("/home");
    await page.getByTestId("screen-home").waitFor();
    const tabs = page.getByRole("navigation", { name: "Sections" }).getByRole("link");
    expect(await tabs.allTextContents()).toEqual(["Home", "Contract", "Spot", "Assets", "News"]);
    await page.getByTestId("menu-button").click();
    const menu = page.getByRole("navigation", { name: "Main navigation" });
    const quant = menu.getByRole("link", { name: "Intelligent quantification", exact: true });
    await quant.waitFor();
    expect(await quant.getAttribute("aria-describedby")).not.toBeNull();
    const options = menu.getByRole("link", { name: "Options", exact: true });
    expect(await options.getAttribute("aria-describedby")).toBeNull();
    expect(await menu.getByTestId("coming-soon").count()).toBe(1);
    expect(await menu.locator("svg").count()).toBeGreaterThanOrEqual(10);
  });

  it("opens the pair from a market row on home", async () => {
    const { page } = e2e;
    await signIn(page, "en");
    await page.goto("/home");
    const row = page.getByTestId("ticker-row").first();
    await row.waitFor({ timeout: 30_000 });
    const symbol = await row.getAttribute("data-symbol");
    await row.getByRole("link").click();
    await page.waitForURL((url) => url.pathname === "/spots");
    expect(new URL(page.url()).searchParams.get("symbol")?.replace("/", "")).toBe(
      symbol?.replace("/", ""),
    );
    await page.getByTestId("screen-spots").waitFor();
    // The first row by name is not the spot screen's default pair: this is the row's pair.
    await expect
      .poll(() => page.getByTestId("price-header").first().getAttribute("data-symbol"))
      .toBe(symbol);
  });

  it("offers an install button on /system once the browser can install the app", async () => {
    const { page } = e2e;
    await signIn(page, "en");
    await page.goto("/system");
    await page.getByTestId("screen-system").waitFor();
    // Chromium fires the event itself once it finds the app installable, which may take a while;
    // fire it as the browser would, so the test does not wait on the browser's heuristics.
    await page.evaluate(() => {
      const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: "dismissed" }),
      });
      window.dispatchEvent(event);
    });
    await page.getByTestId("install-button").waitFor();
    const report = await page.evaluate(measureLayout);
    expect(report.overlaps).toEqual([]);
  });
});
