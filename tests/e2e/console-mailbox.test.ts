// The demo mailbox end to end (issue 22, wave 2): a visitor subscribes as the app does (POST
// /system/subscribe), the operator opens the confirmation mail in the console's demo mailbox and
// follows its link to the app's confirmation page, which confirms nothing until its button is
// pressed (mail scanners open links too); then the subscription is confirmed (double opt-in
// through the real SMTP sink).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";
import type { AdminSubscriptionItem } from "../../protocol/admin";
import type { ListPage } from "../../protocol/list";
import { api, createOperator, createOperatorLogin } from "./helpers/accounts";
import { enrolInConsole } from "./helpers/console";

const e2e = useE2E();
const email = `reader-${randomUUID().slice(0, 8)}@example.org`;
let operator: { username: string; password: string };
/** A support operator's ready session, to read the subscription's status beside the browser. */
let reader: string;

beforeAll(async () => {
  operator = await createOperatorLogin(e2e.server, "e2e-mailbox");
  reader = await createOperator(e2e.server, "e2e-mailbox-reader", "support");
  const subscribed = await api(e2e.server, "POST", "system/subscribe", {
    idempotencyKey: randomUUID(),
    json: { email, lang: "en" },
  });
  expect(subscribed.status).toBe(200);
});

describe("console demo mailbox", () => {
  it("shows the confirmation mail, whose link opens a page that confirms on its button", async () => {
    const { page } = e2e;
    await enrolInConsole(page, operator);

    await page.getByRole("link", { name: "Demo mailbox", exact: true }).click();
    // The confirmation mail goes out through the queue: refresh until it has arrived.
    const mail = page.locator('[data-testid^="mail-"]').filter({ hasText: email });
    await expect
      .poll(async () => {
        if ((await mail.count()) > 0) return true;
        await page.getByTestId("mailbox-reload").click();
        return false;
      })
      .toBe(true);
    await mail.first().click();
    const link = page.getByTestId("mail-text").locator('a[href*="/subscribe/confirm?token="]');
    expect(await link.getAttribute("href")).not.toContain("/api/");
    const [opened] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await opened.getByTestId("screen-subscribe-confirm").waitFor();
    await opened.getByTestId("newsletter-link-explain").waitFor();
    // Opening the page changed nothing: the address is still waiting for its confirmation.
    expect(await subscriptionStatus()).toBe("pending");
    await opened.getByTestId("newsletter-link-submit").click();
    const result = opened.getByTestId("newsletter-link-result");
    await result.waitFor();
    expect(await result.getAttribute("data-result")).toBe("done");
    expect(await result.textContent()).toContain(`${email} is confirmed`);
    expect(await subscriptionStatus()).toBe("confirmed");
    expect(e2e.log.pageErrors).toEqual([]);
  });
});

/** The subscription's status as the console's list shows it (GET /admin/subscriptions). */
async function subscriptionStatus(): Promise<string | undefined> {
  const list = await api<ListPage<AdminSubscriptionItem>>(
    e2e.server,
    "GET",
    "admin/subscriptions",
    {
      token: reader,
    },
  );
  return list.body.Data.items.find((item) => item.email === email)?.status;
}
