// The console's first sign-in for an operator made by createOperatorLogin: password, then TOTP
// enrolment with a code computed from the secret the screen shows, recovery codes acknowledged.
// console.test.ts walks the same steps with its own assertions on each screen.
import type { Page } from "playwright-core";
import { totpCode } from "../../../server/domain/auth/totp";

export async function enrolInConsole(
  page: Page,
  login: { username: string; password: string },
): Promise<void> {
  await page.goto("/admin");
  await page.getByTestId("admin-username").fill(login.username);
  await page.getByTestId("admin-password").fill(login.password);
  await page.getByTestId("admin-signin-submit").click();
  const secret = (await page.getByTestId("admin-enrol-secret").textContent()) ?? "";
  await page.getByTestId("admin-enrol-code").fill(totpCode(secret, Date.now()));
  await page.getByTestId("admin-enrol-submit").click();
  await page.getByTestId("admin-recovery-done").click();
  await page.getByTestId("admin-console").waitFor();
}
