// Wallet sign-in end to end: real Chromium, the real server, and a wallet that really signs.
import { hexToString } from "viem";
import { describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";
import {
  ANVIL_KEY_1,
  api,
  createOperator,
  SERVER_POLL_MS,
  signInFromNode,
} from "./helpers/accounts";
import {
  openWalletList,
  signInThroughLogin,
  storedSession,
  TEST_WALLET_NAME,
  toastTexts,
} from "./helpers/login";

const e2e = useE2E();

const pathOf = (url: string) => new URL(url).pathname;

describe("wallet sign-in", () => {
  it("signs a SIWE message with the wallet and lands on /home, signed in", async () => {
    const { page, wallet, server, log } = e2e;
    // Another user's invite link: the code rides along (unit-tested in sign-in.test.ts).
    const inviter = await signInFromNode(server, ANVIL_KEY_1);
    const inviteCode = (
      await api<{ inviteCode: string }>(server, "GET", "profile/profile", { token: inviter })
    ).body.Data.inviteCode;

    await signInThroughLogin(page, { path: `/login?invite=${inviteCode}` });
    expect(pathOf(page.url())).toBe("/home");

    const session = await storedSession(page);
    expect(session.token).toMatch(/^\S{16,}$/);
    const info = JSON.parse(session.info ?? "{}") as { id?: string; address?: string };
    expect(info.address).toBe(wallet.address);
    expect(info.id).toBeTruthy();

    // What the wallet was asked to sign: an EIP-4361 message for this page's host and origin.
    const signed = wallet.requests.find((r) => r.method === "personal_sign");
    const [hexMessage, signer] = (signed?.params ?? []) as [`0x${string}`, string];
    expect(signer.toLowerCase()).toBe(wallet.address.toLowerCase());
    const message = hexToString(hexMessage);
    const host = new URL(server.url).host;
    expect(message.split("\n")[0]).toBe(`${host} wants you to sign in with your Ethereum account:`);
    expect(message).toContain(`\n${wallet.address}\n`);
    expect(message).toContain(`\nURI: ${server.url}\n`);
    expect(message).toContain("\nVersion: 1\n");
    expect(message).toContain("\nChain ID: 31337\n");
    expect(message).toMatch(/\nNonce: [A-Za-z0-9]{8,}\n/);
    expect(wallet.requests.filter((r) => r.method === "personal_sign")).toHaveLength(1);

    // The token works on the API, and the app shows no errors.
    const profile = await api<{ address: string }>(server, "GET", "profile/profile", {
      token: session.token ?? "",
    });
    expect(profile.status).toBe(200);
    expect(profile.body.Data.address).toBe(wallet.address);
    expect(log.consoleErrors).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });

  it("asks for the agreement first, and shows the user agreement and privacy policy", async () => {
    const { page, wallet } = e2e;
    await page.goto("/login");
    await page.getByTestId("wallet-select").click();
    await expect.poll(() => toastTexts(page)).toContain("Check the box and agree");
    expect(await page.getByTestId("wallet-list").count()).toBe(0);
    expect(wallet.requests).toEqual([]);

    await page.getByTestId("open-agreement").click();
    const sheet = page.getByTestId("legal-sheet");
    await sheet.getByRole("heading", { name: "User Agreement" }).waitFor();
    expect(await sheet.textContent()).toContain("can lose all of your stake");
    // Reading the terms does not tick the box.
    await sheet.getByRole("button", { name: "Close" }).click();
    expect(await page.getByTestId("agree").isChecked()).toBe(false);

    await page.getByTestId("open-privacy").click();
    await sheet.getByRole("heading", { name: "Privacy Policy" }).waitFor();
    expect(await sheet.textContent()).toContain("wallet address");
    await page.keyboard.press("Escape");
    await expect.poll(() => sheet.isVisible()).toBe(false);

    await page.getByTestId("agree").check();
    await page.getByTestId("wallet-select").click();
    await page.getByTestId("wallet-list").getByRole("button", { name: TEST_WALLET_NAME }).waitFor();
  });

  it("stays signed out and disconnected when the signature is refused", async () => {
    const { page, wallet } = e2e;
    await openWalletList(page);
    // The user approves the connection, then refuses to sign: refuse from the nonce request on.
    await page.route("**/api/v1/auth/check/**", async (route) => {
      wallet.setRefuse(true);
      await route.continue();
    });
    await page.getByTestId("wallet-list").getByRole("button", { name: TEST_WALLET_NAME }).click();

    await expect
      .poll(() => toastTexts(page))
      .toContain("The request was cancelled in your wallet. You are not signed in.");
    expect(wallet.requests.map((r) => r.method)).toContain("personal_sign");
    expect((await storedSession(page)).token).toBeNull();
    expect(pathOf(page.url())).toBe("/login");
    // Disconnected in the wallet too: the site no longer sees an account.
    await expect.poll(() => wallet.connected).toBe(false);

    // Allowed again, the same screen signs in.
    wallet.setRefuse(false);
    await page.unroute("**/api/v1/auth/check/**");
    await page.getByTestId("wallet-list").getByRole("button", { name: TEST_WALLET_NAME }).click();
    await page.getByTestId("screen-home").waitFor();
  });

  it("stays signed out when the wallet's connect prompt is closed", async () => {
    const session = await e2e.newSession({ wallet: { refuse: true } });
    await openWalletList(session.page);
    await session.page
      .getByTestId("wallet-list")
      .getByRole("button", { name: TEST_WALLET_NAME })
      .click();
    await expect
      .poll(() => toastTexts(session.page))
      .toContain("The request was cancelled in your wallet. You are not signed in.");
    expect(session.wallet.requests.map((r) => r.method)).not.toContain("personal_sign");
    expect(session.wallet.connected).toBe(false);
    expect((await storedSession(session.page)).token).toBeNull();
  });

  it("signs out: the token is revoked on the server", async () => {
    const { page, server } = e2e;
    await signInThroughLogin(page);
    const { token } = await storedSession(page);
    expect((await api(server, "GET", "profile/profile", { token: token ?? "" })).status).toBe(200);

    await page.getByTestId("menu-button").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByTestId("screen-login").waitFor();
    expect(await storedSession(page)).toEqual({
      token: null,
      name: null,
      avatar: null,
      info: null,
    });
    await expect
      .poll(
        async () => (await api(server, "GET", "profile/profile", { token: token ?? "" })).status,
        { interval: SERVER_POLL_MS },
      )
      .toBe(401);
  });

  it("signs an open app out with a message when an operator locks the account", async () => {
    const { page, server, wallet } = e2e;
    await signInThroughLogin(page);
    const operator = await createOperator(server, "e2eop");
    const lock = await api(server, "POST", `admin/users/${wallet.address}/lock`, {
      token: operator,
    });
    expect(lock.status).toBe(200);

    // The app re-reads the profile when it comes back to the foreground (and every minute).
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect.poll(() => toastTexts(page)).toContain("Your account is locked");
    await page.getByTestId("screen-login").waitFor();
    expect((await storedSession(page)).token).toBeNull();

    // Unlocked again, the user can sign in as before.
    await api(server, "POST", `admin/users/${wallet.address}/unlock`, { token: operator });
    await signInThroughLogin(page);
  });
});

describe("wallet choices", () => {
  it("offers the demo wallet, with its icon, and no error beside it when no other wallet is there", async () => {
    const bare = await e2e.newSession({ wallet: false });
    const { page } = bare;
    await openWalletList(page);
    const demo = page.getByTestId("wallet-demo");
    expect(await demo.textContent()).toContain("holds only test money");
    // The toast would come before the list: none, as the demo wallet is a way in.
    expect(await toastTexts(page)).not.toContain("Please open the link in your wallet");
    // Its icon is a real image (Quanta's logo), not a blank square.
    await expect
      .poll(() => demo.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByTestId("wallet-injected").count()).toBe(0);

    await demo.getByRole("button", { name: "Demo wallet" }).click();
    await page.getByTestId("screen-home").waitFor();
    const first = JSON.parse((await storedSession(page)).info ?? "{}") as { address?: string };
    expect(first.address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The key stays on the device: the next sign-in is the same demo account.
    await page.getByTestId("menu-button").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByTestId("screen-login").waitFor();
    await page.reload();
    await openWalletList(page);
    await page.getByTestId("wallet-demo").getByRole("button", { name: "Demo wallet" }).click();
    await page.getByTestId("screen-home").waitFor();
    const again = JSON.parse((await storedSession(page)).info ?? "{}") as { address?: string };
    expect(again.address).toBe(first.address);
    expect(bare.log.consoleErrors).toEqual([]);
  });
});
