// The app shell in real Chromium against the real server: route guard, navigation, languages,
// layout, and which chunks each route fetches.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./harness/fixtures";
import { signInFromNode } from "./helpers/accounts";

const e2e = useE2E();

/**
 * A real session without going through the login screen (its own tests do that): a SIWE
 * sign-in from Node, and the token stored where the app keeps it. The app fills in the profile.
 */
async function signInWithToken(page: Page, extra: Record<string, string> = {}): Promise<void> {
  const token = await signInFromNode(e2e.server);
  await page.goto("/login");
  await page.getByTestId("screen-login").waitFor();
  await page.evaluate(
    (values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    },
    { token, ...extra },
  );
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe("route guard", () => {
  it("sends an anonymous visitor of any route to /login", async () => {
    const { page } = e2e;
    for (const path of ["/home", "/my", "/spots", "/data/detail?id=1", "/web?id=2", "/nowhere"]) {
      await page.goto(path);
      await page.getByTestId("screen-login").waitFor();
      expect(pathOf(page), path).toBe("/login");
    }
    await page.goto("/");
    await page.getByTestId("screen-login").waitFor();
    expect(pathOf(page)).toBe("/");
  });

  it("sends a visitor with a token from /login to /home", async () => {
    const { page } = e2e;
    await signInWithToken(page);
    await page.goto("/login");
    await page.getByTestId("screen-home").waitFor();
    expect(pathOf(page)).toBe("/home");
  });

  it("on a guard failure clears the token, shows the message and returns to /login", async () => {
    const { page } = e2e;
    await signInWithToken(page, { info: "{corrupt" });
    await page.goto("/my");
    await page.getByTestId("screen-login").waitFor();
    expect(pathOf(page)).toBe("/login");
    await expect
      .poll(() => page.getByTestId("toast").first().textContent())
      .toContain("Your saved session could not be read");
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  it("shows the not-found screen for an unknown path when signed in", async () => {
    const { page } = e2e;
    await signInWithToken(page);
    await page.goto("/no/such/page");
    await page.getByTestId("screen-not-found").waitFor();
  });
});

describe("navigation", () => {
  it("reaches every section from the menu and signs out", async () => {
    const { page } = e2e;
    await signInWithToken(page);
    await page.goto("/home");
    const sections: [string, string][] = [
      ["Contract", "/contract"],
      ["Intelligent quantification", "/intelligent"],
      ["Options", "/options"],
      ["Spot", "/spots"],
      ["Withdraw", "/withdrawal"],
      ["Recharge", "/recharge"],
      ["Verified", "/verified"],
      ["Assets", "/my"],
      ["Home", "/home"],
    ];
    for (const [label, path] of sections) {
      await page.getByTestId("menu-button").click();
      await page
        .getByRole("navigation", { name: "Main navigation" })
        .getByRole("link", { name: label, exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === path);
    }
    await page.getByTestId("menu-button").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByTestId("screen-login").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  it("labels demo mode and warns of risk where money is at risk", async () => {
    const { page } = e2e;
    await signInWithToken(page);
    await page.goto("/contract");
    await page.getByTestId("demo-badge").waitFor();
    await page.getByTestId("risk-warning").waitFor();
  });
});

describe("layout", () => {
  it("sizes the root font to width / 750 × 16 px and loads without console errors", async () => {
    const { page, log } = e2e;
    await page.goto("/login");
    await page.getByTestId("screen-login").waitFor();
    const fontSize = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(Number.parseFloat(fontSize)).toBeCloseTo((390 / 750) * 16, 1);
    expect(log.consoleErrors).toEqual([]);
    expect(log.pageErrors).toEqual([]);
  });

  it("follows the system's dark theme", async () => {
    const session = await e2e.newSession({ colorScheme: "dark" });
    await session.page.goto("/login");
    await session.page.getByTestId("screen-login").waitFor();
    const background = await session.page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    expect(background).toBe("rgb(11, 16, 32)");
  });
});

describe("wallet libraries", () => {
  it("are fetched by /login only", async () => {
    const { page, log } = e2e;
    await signInWithToken(page);
    // A fresh page: signInWithToken itself visited /login.
    const signedIn = await e2e.session.context.newPage();
    // Not /my or /recharge: reading the wallet's on-chain balance and sending from it load viem
    // there, lazily and online only.
    for (const path of ["/home", "/records", "/spots", "/system", "/data"]) {
      await signedIn.goto(path);
      await signedIn.locator("main").first().waitFor();
    }
    const fetched = e2e.session.logOf(signedIn).requests;
    expect(fetched.some((url) => url.includes("/assets/"))).toBe(true);
    expect(fetched.filter((url) => /\/assets\/wallet-[^/]+\.js/.test(url))).toEqual([]);
    expect(log.requests.some((url) => /\/assets\/wallet-[^/]+\.js/.test(url))).toBe(true);

    const anonymous = await e2e.newSession();
    await anonymous.page.goto("/login");
    await anonymous.page.getByTestId("screen-login").waitFor();
    await expect
      .poll(() => anonymous.log.requests.some((url) => /\/assets\/wallet-[^/]+\.js/.test(url)))
      .toBe(true);
  });

  it("finds the injected wallet and signs in with it; without one the demo wallet is offered", async () => {
    const { page } = e2e;
    await page.goto("/login");
    await page.getByTestId("wallet-select").click();
    await expect
      .poll(() => page.getByTestId("toast").first().textContent())
      .toBe("Check the box and agree×");
    await page.getByTestId("agree").check();
    await page.getByTestId("wallet-select").click();
    await page.getByTestId("wallet-list").getByText("Quanta Test Wallet").click();
    await page.getByTestId("screen-home").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("info"))).toMatch(/0x[0-9a-fA-F]*2266/);

    const bare = await e2e.newSession({ wallet: false });
    await bare.page.goto("/login");
    await bare.page.getByTestId("agree").check();
    await bare.page.getByTestId("wallet-select").click();
    // Demo mode offers its demo wallet, so no "open the link in your wallet" error;
    // that toast is for a list with no wallet at all (sign-in.test.ts checks the demo wallet).
    await bare.page.getByTestId("wallet-demo").waitFor();
    expect(await bare.page.getByTestId("wallet-injected").count()).toBe(0);
    expect(await bare.page.getByTestId("toast").count()).toBe(0);
  });
});
