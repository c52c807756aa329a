// Two tabs: exactly one leads the sync (a Web Lock) while the other reads the
// same IndexedDB; a change on the server (an operator's message) reaches both without a reload;
// when the leader closes, the other tab takes over.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { createOperator } from "./helpers/accounts";
import {
  attributeOf,
  locksNamed,
  sendMessage,
  tabWithLock,
  waitForServiceWorker,
  waitForText,
  LOCAL,
} from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

// A private copy of dist/: a rebuild while this file runs cannot change what its server serves.
const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });
let operator: string;

beforeAll(async () => {
  operator = await createOperator(e2e.server, "e2e-tabs");
});

/** How many messages in the list show this title. */
const listed = (page: Page, title: string) =>
  page.getByTestId("message-item").filter({ hasText: title }).count();

async function openMessages(page: Page): Promise<void> {
  await page.goto("/data/message");
  await page.getByTestId("screen-data-message").waitFor();
  await waitForText(page.getByTestId("message-item"));
}

/** Waits for one holder and one waiter of the leader lock; answers the holder's client id. */
async function oneLeaderOneFollower(page: Page): Promise<string> {
  await expect
    .poll(async () => {
      const { held, pending } = await locksNamed(page);
      return { held: held.length, pending: pending.length };
    }, LOCAL)
    .toEqual({ held: 1, pending: 1 });
  const { held, pending } = await locksNamed(page);
  expect(held[0]).not.toBe(pending[0]);
  return held[0] ?? "";
}

describe("two tabs", () => {
  it("one leads, both show a message the server sends, and the other takes over", async () => {
    const { session, wallet, server } = e2e;
    const first = session.page;
    await signInThroughLogin(first);
    await waitForServiceWorker(first);
    await openMessages(first);
    // The second tab on another screen: the new message must reach its header's unread count.
    const second = await session.context.newPage();
    await second.goto("/home");
    await second.getByTestId("screen-home").waitFor();

    const leaderId = await oneLeaderOneFollower(first);
    // Both tabs see the same lock table (one origin), so they agree on who leads.
    expect((await locksNamed(second)).held).toEqual([leaderId]);
    const unreadBefore = Number(await unread(first));
    await expect.poll(() => unread(second), LOCAL).toBe(String(unreadBefore));

    const title = `Maintenance notice ${Date.now()}`;
    await sendMessage(server, operator, {
      address: wallet.address,
      title,
      body: "The trading API will be read-only for ten minutes tonight.",
    });
    // No reload: the leader pulls after the poke, the follower sees it through IndexedDB.
    await expect.poll(() => listed(first, title), { timeout: 30_000 }).toBe(1);
    for (const page of [first, second]) {
      await expect.poll(() => unread(page), { timeout: 30_000 }).toBe(String(unreadBefore + 1));
    }

    // Close the tab that leads; the other must take the lock and keep syncing.
    const leader = await tabWithLock([first, second], leaderId);
    const follower = leader === first ? second : first;
    await leader.close();
    await expect
      .poll(async () => {
        const { held, pending } = await locksNamed(follower);
        return { held: held.length, pending: pending.length };
      }, LOCAL)
      .toEqual({ held: 1, pending: 0 });

    const later = `Follow-up ${Date.now()}`;
    await sendMessage(server, operator, {
      address: wallet.address,
      title: later,
      body: "The maintenance window is over.",
    });
    await expect.poll(() => unread(follower), { timeout: 30_000 }).toBe(String(unreadBefore + 2));
    await openMessages(follower);
    expect(await listed(follower, later)).toBe(1);
    expect(session.logOf(follower).pageErrors).toEqual([]);
  });
});

const unread = (page: Page) => attributeOf(page.getByTestId("header-messages"), "data-unread");
