// Driving the login screen as a person would: tick the agreement, choose a wallet, sign.
import type { Page } from "playwright-core";

export const TEST_WALLET_NAME = "Quanta Test Wallet";

/** Opens the wallet list on the login screen (agreement ticked). */
export async function openWalletList(page: Page, path = "/login"): Promise<void> {
  await page.goto(path);
  await page.getByTestId("screen-login").waitFor();
  await page.getByTestId("agree").check();
  await page.getByTestId("wallet-select").click();
  await page.getByTestId("wallet-list").waitFor();
}

/** Signs in with the named wallet and waits for /home. */
export async function signInThroughLogin(
  page: Page,
  opts: { path?: string; wallet?: string } = {},
): Promise<void> {
  await openWalletList(page, opts.path);
  await page
    .getByTestId("wallet-list")
    .getByRole("button", { name: opts.wallet ?? TEST_WALLET_NAME })
    .click();
  await page.getByTestId("screen-home").waitFor();
}

/** The localStorage keys the seed fixed for the session. */
export function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => ({
    token: localStorage.getItem("token"),
    name: localStorage.getItem("name"),
    avatar: localStorage.getItem("avatar"),
    info: localStorage.getItem("info"),
  }));
}

/** The visible toasts' texts (without the close button's ×). */
export async function toastTexts(page: Page): Promise<string[]> {
  const texts = await page.getByTestId("toast").allTextContents();
  return texts.map((text) => text.replace(/×$/, ""));
}
