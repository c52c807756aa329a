// Offline rendering: after one online visit, /home, /data, an article and a
// message render from IndexedDB with the network off — each freshly loaded, with the offline
// banner and how fresh the data is — and /system says the sync layer is offline.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import {
  messagesOf,
  setNetwork,
  syncedAt,
  tokenOf,
  waitForFreshness,
  waitForLiveApp,
  waitForServiceWorker,
  waitForText,
  LOCAL,
  serverArticle,
  serverPitchTitle,
  waitForTextContaining,
} from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";
import { appRoutePaths, REDIRECTING_ROUTES, routeUrl } from "./helpers/routes";

// A private copy of dist/: a rebuild while this file runs cannot change what its server serves.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });

const WELCOME_ARTICLE = "welcome-to-quanta";

interface ScreenCheck {
  path: string;
  screen: string;
  /** The element that holds the screen's content once it is there... */
  content: string;
  /** ...and a text the server serves that it must then show (any text when absent). */
  expected?: string;
}

/** Waits until the screen shows its content from the server; answers the content's text. */
function contentOf(page: Page, check: ScreenCheck): Promise<string> {
  const locator = page.getByTestId(check.content);
  return check.expected === undefined
    ? waitForText(locator)
    : waitForTextContaining(locator, check.expected);
}

/** The screen's test id for a route: "/data/" -> "screen-data", "/data/detail" -> "screen-data-detail". */
function screenTestId(route: string): string {
  return `screen-${route.replace(/^\/|\/$/g, "").replace(/\//g, "-")}`;
}

/**
 * Waits until the route's own screen is there with content of its own (more than its heading),
 * and no error screen (load error, error boundary, not found) took its place.
 */
async function expectScreenRendered(page: Page, route: string): Promise<void> {
  const screen = page.getByTestId(screenTestId(route));
  await screen.waitFor({ timeout: 30_000 });
  await expect
    .poll(async () => {
      const heading = ((await screen.locator("h1").first().textContent()) ?? "").trim();
      const all = ((await screen.textContent()) ?? "").trim();
      return all.length - heading.length;
    }, LOCAL)
    .toBeGreaterThan(20);
  for (const failure of ["load-error", "screen-error", "screen-not-found"]) {
    expect(await page.getByTestId(failure).count(), `${route}: ${failure}`).toBe(0);
  }
  expect(await page.getByText("Loading failed").count(), route).toBe(0);
}

describe("offline", () => {
  it("opens every route with the network off after one online visit", async () => {
    const { page, session, server, log } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const welcome = (await messagesOf(server, await tokenOf(page))).find(
      (m) => m.kind === "welcome",
    );
    if (!welcome) throw new Error("A new wallet user has no welcome message.");
    const ids = {
      "/data/detail": WELCOME_ARTICLE,
      "/data/message": welcome.id,
      "/web": "1",
    };
    // The operator console (/admin) is online-only and never precached (src/features/admin/README.md).
    const routes = appRoutePaths().filter(
      (route) => !REDIRECTING_ROUTES.has(route) && !/^\/admin(\/|$)/.test(route),
    );
    // The list is the router's: a new route joins this test by itself.
    expect(routes).toEqual(expect.arrayContaining(["/home", "/my", "/spots", "/data/detail"]));

    for (const route of routes) {
      await page.goto(routeUrl(route, ids));
      await expectScreenRendered(page, route);
    }
    // /my's figures come from the account pull; offline they must come back from IndexedDB.
    await page.goto("/my");
    await page.getByTestId("my-equity").waitFor();

    await setNetwork(session.context, false);
    for (const route of routes) {
      const response = await page.goto(routeUrl(route, ids));
      expect(response?.fromServiceWorker(), route).toBe(true);
      await expectScreenRendered(page, route);
      await page.getByTestId("offline-banner").waitFor();
    }
    // /my: the platform balance from IndexedDB, and the on-chain card degrades on its own.
    await page.goto("/my");
    await page.getByTestId("my-equity").waitFor();
    await page.getByTestId("my-wallet-usdt").waitFor();
    expect(log.pageErrors).toEqual([]);
  });

  it("renders /home, /data, an article and a message from IndexedDB with the network off", async () => {
    const { page, session, server, log } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const welcome = (await messagesOf(server, await tokenOf(page))).find(
      (m) => m.kind === "welcome",
    );
    if (!welcome) throw new Error("A new wallet user has no welcome message.");

    const article = await serverArticle(server, WELCOME_ARTICLE);
    const checks: ScreenCheck[] = [
      {
        path: "/home",
        screen: "screen-home",
        content: "home-pitch",
        expected: await serverPitchTitle(server),
      },
      { path: "/data", screen: "screen-data", content: "article-list", expected: article.title },
      {
        path: `/data/detail?id=${WELCOME_ARTICLE}`,
        screen: "screen-data-detail",
        content: "article-title",
        expected: article.title,
      },
      {
        path: `/data/detail?id=${WELCOME_ARTICLE}`,
        screen: "screen-data-detail",
        content: "article-body",
      },
      {
        path: `/data/message?id=${welcome.id}`,
        screen: "screen-data-message",
        content: "message-body",
      },
    ];

    // Online: every screen fills from the server, and says when it was synced.
    const online = new Map<string, { text: string; at: string }>();
    for (const check of checks) {
      await page.goto(check.path);
      await page.getByTestId(check.screen).waitFor();
      await waitForLiveApp(page);
      const text = await contentOf(page, check);
      // The time the wait saw: asking again could catch the line between two renders.
      const at = await waitForFreshness(page);
      online.set(`${check.path} ${check.content}`, { text, at });
      expect(await page.getByTestId("offline-banner").count(), check.path).toBe(0);
    }

    await setNetwork(session.context, false);
    for (const check of checks) {
      // A full page load each time: the shell from the service worker, data from IndexedDB.
      const response = await page.goto(check.path);
      expect(response?.fromServiceWorker(), check.path).toBe(true);
      await page.getByTestId(check.screen).waitFor();
      await waitForLiveApp(page);
      const seen = online.get(`${check.path} ${check.content}`);
      const text = await contentOf(page, check);
      expect(text, check.path).toBe(seen?.text);
      await page.getByTestId("offline-banner").waitFor();
      const at = await waitForFreshness(page);
      // Offline the screen shows its last sync: the one it showed online, or a later one.
      expect(Date.parse(at), check.path).toBeGreaterThanOrEqual(Date.parse(seen?.at ?? ""));
      expect(
        await page
          .getByTestId("freshness")
          .filter({ visible: true })
          .first()
          .getAttribute("data-offline"),
        check.path,
      ).toBe("true");
    }
    // Reloading the same route works as well as opening it.
    await page.reload();
    await page.getByTestId("screen-data-message").waitFor();
    await waitForText(page.getByTestId("message-title"));
    await page.getByTestId("offline-banner").waitFor();

    // The article list offline holds the seeded welcome article, and the sync layer says offline.
    await page.goto("/data");
    await page.locator(`[data-testid="article-item"][data-id="${WELCOME_ARTICLE}"]`).waitFor();
    await page.goto("/system");
    await expect
      .poll(() => page.getByTestId("sync-phase").getAttribute("data-phase"), LOCAL)
      .toBe("offline");
    expect(log.pageErrors).toEqual([]);
  });

  it("comes back online: the banner goes and the sync layer catches up", async () => {
    const { page, session, server } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const pitch = await serverPitchTitle(server);
    await waitForTextContaining(page.getByTestId("home-pitch"), pitch);
    const firstSync = await waitForFreshness(page);

    await setNetwork(session.context, false);
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await waitForTextContaining(page.getByTestId("home-pitch"), pitch);

    await setNetwork(session.context, true);
    await page.getByTestId("offline-banner").waitFor({ state: "detached", timeout: 60_000 });
    // A pull after reconnecting moves the freshness forward.
    await expect
      .poll(async () => Date.parse(await syncedAt(page)), { timeout: 60_000 })
      .toBeGreaterThan(Date.parse(firstSync));
    await page.goto("/system");
    await expect
      .poll(() => page.getByTestId("sync-phase").getAttribute("data-phase"), { timeout: 60_000 })
      .toBe("in-sync");
  });
});
