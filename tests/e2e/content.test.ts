// Rebuilding local data: when IndexedDB is gone — evicted by the browser, or
// cleared from /system — the app rebuilds it from the server: articles and messages come back.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import {
  clearIndexedDb,
  hasMarker,
  messagesOf,
  tokenOf,
  waitForFreshness,
  waitForServiceWorker,
  waitForText,
  writeMarker,
  serverArticle,
  waitForTextContaining,
} from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

// A private copy of dist/: a rebuild while this file runs cannot change what its server serves.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });

const WELCOME_ARTICLE = "welcome-to-quanta";
const HELP_ARTICLE = "is-profit-guaranteed";

/** The ids shown on /data (news) and /data/message, once both screens have content. */
async function localContent(page: Page): Promise<{ articles: string[]; messages: string[] }> {
  await page.goto("/data");
  await page.locator(`[data-testid="article-item"][data-id="${WELCOME_ARTICLE}"]`).waitFor();
  await waitForFreshness(page);
  const articles = await ids(page, "article-item");
  await page.goto("/data/message");
  await waitForText(page.getByTestId("message-item"));
  const messages = await ids(page, "message-item");
  return { articles, messages };
}

async function ids(page: Page, testId: string): Promise<string[]> {
  const items = page.getByTestId(testId);
  const all = await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-id") ?? ""));
  return all.sort();
}

describe("local data rebuild", () => {
  it("rebuilds IndexedDB from the server after the browser cleared it", async () => {
    const { page, server, log } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const before = await localContent(page);
    expect(before.articles).toContain(WELCOME_ARTICLE);
    const welcome = (await messagesOf(server, await tokenOf(page))).find(
      (m) => m.kind === "welcome",
    );
    expect(before.messages).toEqual([welcome?.id]);

    await writeMarker(page);
    await clearIndexedDb(page);
    expect(await hasMarker(page)).toBe(false);
    await page.reload();
    await page.getByTestId("screen-data-message").waitFor();
    // Still signed in (the session lives in localStorage), and the messages come back.
    await expect
      .poll(() => ids(page, "message-item"), { timeout: 30_000 })
      .toEqual(before.messages);
    expect(await localContent(page)).toEqual(before);
    // A help article too: every category is pulled again, not only what was on screen.
    await page.goto(`/data/detail?id=${HELP_ARTICLE}`);
    const help = await serverArticle(server, HELP_ARTICLE);
    await waitForTextContaining(page.getByTestId("article-title"), help.title);
    await waitForText(page.getByTestId("article-body"));
    await page.goto("/system");
    await expect
      .poll(() => page.getByTestId("sync-phase").getAttribute("data-phase"), { timeout: 30_000 })
      .toBe("in-sync");
    expect(log.pageErrors).toEqual([]);
  });

  it("the /system 'clear local data' button empties it, and the app rebuilds", async () => {
    const { page } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const before = await localContent(page);

    await writeMarker(page);
    expect(await hasMarker(page)).toBe(true);
    await page.goto("/system");
    await page.getByTestId("clear-local-data").click();
    // Nothing waits in the outbox, so nothing is said to be lost.
    await page.getByTestId("clear-local-data-confirm").waitFor();
    expect(await page.getByTestId("clear-local-data-unsent").count()).toBe(0);
    const reloaded = page.waitForEvent("load", { timeout: 30_000 });
    await page.getByTestId("clear-local-data-confirm").click();
    await reloaded;
    // The database was really emptied (the marker no sync touches is gone)...
    expect(await hasMarker(page)).toBe(false);
    // ...and articles and messages are back without any help from the test.
    await page.goto("/data");
    await page.locator(`[data-testid="article-item"][data-id="${WELCOME_ARTICLE}"]`).waitFor({
      timeout: 30_000,
    });
    expect(await localContent(page)).toEqual(before);
  });
});
