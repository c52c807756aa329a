// The outbox: an e-mail subscription made offline waits on the device,
// survives a reload and is sent once the network is back; a send whose answer is lost after the
// server committed is retried with the same Idempotency-Key; the server holds one row either way.
// Marking a message read goes through the outbox too.
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { createOperator, SERVER_POLL_MS } from "./helpers/accounts";
import {
  messagesOf,
  outboxStateIn,
  setNetwork,
  subscriptionsOf,
  tokenOf,
  waitForFreshness,
  waitForServiceWorker,
  waitForText,
  LOCAL,
  serverPitchTitle,
  waitForTextContaining,
} from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

// A private copy of dist/: a rebuild while this file runs cannot change what its server serves.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });
let operator: string;

beforeAll(async () => {
  operator = await createOperator(e2e.server, "e2e-outbox");
});

const SUBSCRIBE = "**/api/v1/system/subscribe";
let emails = 0;
const uniqueEmail = () => `outbox-${Date.now()}-${(emails += 1)}@example.com`;

/** Signed in through the wallet, /home synced and the service worker in control. */
async function homeReady(page: Page): Promise<void> {
  await signInThroughLogin(page);
  await waitForServiceWorker(page);
  await waitForTextContaining(page.getByTestId("home-pitch"), await serverPitchTitle(e2e.server));
  await waitForFreshness(page);
}

const home = (page: Page) => page.getByTestId("screen-home");

async function subscribe(page: Page, email: string): Promise<void> {
  await page.getByTestId("subscribe-email").fill(email);
  await page.getByTestId("subscribe-submit").click();
}

describe("outbox: e-mail subscription", () => {
  it("refuses an invalid address before anything is queued", async () => {
    const { page } = e2e;
    await homeReady(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/system/subscribe")) posts.push(r.url());
    });
    await subscribe(page, "not-an-address");
    await page.getByTestId("subscribe-error").waitFor();
    expect(await page.getByTestId("subscribe-email").getAttribute("aria-invalid")).toBe("true");
    expect(await outboxStateIn(home(page))).toBeNull();
    expect(posts).toEqual([]);
  });

  it("offline: waits, survives a reload, is sent once back online", async () => {
    const { page, session, server, log } = e2e;
    await homeReady(page);
    const email = uniqueEmail();

    await setNetwork(session.context, false);
    await page.getByTestId("offline-banner").waitFor();
    await subscribe(page, email);
    await expect.poll(() => outboxStateIn(home(page)), LOCAL).toBe("waiting");

    await page.reload();
    await page.getByTestId("screen-home").waitFor();
    await expect.poll(() => outboxStateIn(home(page)), LOCAL).toBe("waiting");
    expect(await subscriptionsOf(server, operator, email)).toEqual([]);

    await setNetwork(session.context, true);
    await expect.poll(() => outboxStateIn(home(page)), { timeout: 60_000 }).toBe("sent");
    const rows = await subscriptionsOf(server, operator, email);
    expect(rows.map((r) => r.email)).toEqual([email]);
    // Sent is final: nothing more goes out for it.
    const sent = log.requests.filter((url) => url.includes("/system/subscribe")).length;
    await page.reload();
    await expect.poll(() => outboxStateIn(home(page)), LOCAL).toBe("sent");
    expect(log.requests.filter((url) => url.includes("/system/subscribe")).length).toBe(sent);
    expect(await subscriptionsOf(server, operator, email)).toHaveLength(1);
    expect(log.pageErrors).toEqual([]);
  });

  it("an answer lost after the server committed is retried with the same key: one row", async () => {
    const { page, server } = e2e;
    await homeReady(page);
    const email = uniqueEmail();

    const keys: string[] = [];
    const bodies: string[] = [];
    const committedStatuses: number[] = [];
    await page.route(SUBSCRIBE, async (route) => {
      const request: Request = route.request();
      keys.push((await request.headerValue("idempotency-key")) ?? "");
      bodies.push(request.postData() ?? "");
      if (committedStatuses.length === 0) {
        // The request reaches the server and is committed there; the app never hears back.
        const answer = await route.fetch();
        committedStatuses.push(answer.status());
        await route.abort("connectionreset");
        return;
      }
      await route.continue();
    });

    await subscribe(page, email);
    await expect.poll(() => outboxStateIn(home(page)), { timeout: 90_000 }).toBe("sent");

    expect(committedStatuses).toEqual([200]);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys[0]).not.toBe("");
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(new Set(bodies).size).toBe(1);
    expect((await subscriptionsOf(server, operator, email)).map((r) => r.email)).toEqual([email]);
  });
});

describe("outbox: message read state", () => {
  it("a message opened offline is read on the device at once and on the server once online", async () => {
    const { page, session, server } = e2e;
    await homeReady(page);
    const token = await tokenOf(page);
    const welcome = (await messagesOf(server, token)).find((m) => m.kind === "welcome");
    if (!welcome) throw new Error("A new wallet user has no welcome message.");
    expect(welcome.read).toBe(false);

    await page.goto("/data/message");
    const item = page.locator(`[data-testid="message-item"][data-id="${welcome.id}"]`);
    await item.waitFor();
    expect(await item.getAttribute("data-read")).toBe("false");

    await setNetwork(session.context, false);
    await page.goto(`/data/message?id=${welcome.id}`);
    await waitForText(page.getByTestId("message-body"));
    await page.goto("/data/message");
    await expect.poll(() => item.getAttribute("data-read"), LOCAL).toBe("true");
    // Still unread on the server: the read waits in the outbox.
    expect((await messagesOf(server, token)).find((m) => m.id === welcome.id)?.read).toBe(false);

    await setNetwork(session.context, true);
    await expect
      .poll(async () => (await messagesOf(server, token)).find((m) => m.id === welcome.id)?.read, {
        timeout: 60_000,
        interval: SERVER_POLL_MS,
      })
      .toBe(true);
    expect(await item.getAttribute("data-read")).toBe("true");
  });
});
