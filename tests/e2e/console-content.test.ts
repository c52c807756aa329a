// Content edited in the console reaches an app that is already open (issue 22 acceptance): a
// signed-in user's app shows the home page's contact button in another browser profile; an
// operator changes that link in the console; the open app shows the new address without a reload.
// The mechanism is the sync engine's existing public pull (src/sync/engine.ts): every 60 s while
// the page is visible (and on focus, visibility, back online), a conditional GET of /system/link
// whose ETag the edit changed. Nothing here focuses or reloads the user's page; it runs on
// Playwright's clock, so the test moves it a minute on rather than waiting one out. On the way,
// the article editor's preview renders a seeded article's German body with the app's own component.
import { describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";
import { createOperatorLogin } from "./helpers/accounts";
import { enrolInConsole } from "./helpers/console";
import { signInThroughLogin } from "./helpers/login";

const e2e = useE2E();
const NEW_ADDRESS = "mailto:help@operator.example";
/** The sync engine's public pull interval (PULL_INTERVAL_MS in src/sync/engine.ts), and a second. */
const ONE_PULL_INTERVAL_MS = 61_000;

describe("console content", () => {
  it("an edited contact link reaches an open user app without a reload", async () => {
    const operator = await createOperatorLogin(e2e.server, "e2e-content");
    // The user's app: signed in, on the home page, its contact button from the seed.
    const user = await e2e.newSession();
    // Playwright's clock, flowing as the real one until the test moves it a minute on below.
    await user.context.clock.install();
    await signInThroughLogin(user.page);
    const chat = user.page.getByTestId("live-chat-link");
    await chat.waitFor();
    const seeded = await chat.getAttribute("href");
    expect(seeded).not.toBe(NEW_ADDRESS);
    // A mark that a reload would wipe.
    await user.page.evaluate(() => {
      (window as unknown as { stillOpen: boolean }).stillOpen = true;
    });

    const { page } = e2e;
    await enrolInConsole(page, operator);

    // The article editor previews a language with the app's article body.
    await page.getByRole("link", { name: "Articles", exact: true }).click();
    await page.getByTestId("article-user-agreement").getByRole("button", { name: "Edit" }).click();
    await page.getByTestId("article-lang-de").click();
    const preview = page.getByTestId("article-preview");
    await expect.poll(() => preview.locator("[lang]").getAttribute("lang")).toBe("de");
    expect(
      ((await preview.getByTestId("article-body").textContent()) ?? "").length,
    ).toBeGreaterThan(50);

    await page.getByRole("link", { name: "Links and contacts", exact: true }).click();
    await page.getByTestId("link-url-live-chat").fill(NEW_ADDRESS);
    await page.getByTestId("link-save-live-chat").click();
    // Saved means the console read the edit back from the server: only then can the user's next
    // pull see it (the input holds the typed value from the start, so it proves nothing).
    await page.getByTestId("link-saved-live-chat").waitFor();
    expect(await page.getByTestId("link-url-live-chat").inputValue()).toBe(NEW_ADDRESS);

    // The open app picks it up on its own within one pull interval: the minute passes on its
    // clock (its timers fire as they would have) instead of the test waiting it out.
    await user.page.clock.fastForward(ONE_PULL_INTERVAL_MS);
    await expect.poll(() => chat.getAttribute("href"), { timeout: 15_000 }).toBe(NEW_ADDRESS);
    expect(
      await user.page.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen),
    ).toBe(true);
  }, 200_000);
});
