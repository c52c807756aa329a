// The demo mailbox end to end (issue 22, wave 2): a visitor subscribes as the app does (POST
// /system/subscribe), the operator opens the confirmation mail in the console's demo mailbox and
// follows its link, and the subscription is confirmed (double opt-in through the real SMTP sink).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../../server/domain/auth/totp";
import { useE2E } from "./harness/fixtures";
import { api, createOperatorLogin } from "./helpers/accounts";

const e2e = useE2E();
const email = `reader-${randomUUID().slice(0, 8)}@example.org`;
let operator: { username: string; password: string };

beforeAll(async () => {
  operator = await createOperatorLogin(e2e.server, "e2e-mailbox");
  const subscribed = await api(e2e.server, "POST", "system/subscribe", {
    idempotencyKey: randomUUID(),
    json: { email, lang: "en" },
  });
  expect(subscribed.status).toBe(200);
});

describe("console demo mailbox", () => {
  it("shows the confirmation mail, whose link confirms the subscription", async () => {
    const { page } = e2e;
    await page.goto("/admin");
    await page.getByTestId("admin-username").fill(operator.username);
    await page.getByTestId("admin-password").fill(operator.password);
    await page.getByTestId("admin-signin-submit").click();
    const secret = (await page.getByTestId("admin-enrol-secret").textContent()) ?? "";
    await page.getByTestId("admin-enrol-code").fill(totpCode(secret, Date.now()));
    await page.getByTestId("admin-enrol-submit").click();
    await page.getByTestId("admin-recovery-done").click();
    await page.getByTestId("admin-console").waitFor();

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
    const link = page
      .getByTestId("mail-text")
      .locator('a[href*="/system/subscribe/confirm?token="]');
    const [opened] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await opened.waitForLoadState();
    const answer = JSON.parse((await opened.locator("body").textContent()) ?? "{}") as {
      Data?: { email: string; status: string };
    };
    expect(answer.Data).toEqual({ email, status: "confirmed" });
  });
});
