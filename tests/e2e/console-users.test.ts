// The console's users and messages end to end (issue 22, "users"): an operator finds a wallet user
// by the start of their address, reads the balance the user's own overview shows, and sends a
// message to all users through the confirmation step; the user's inbox has it.
import { beforeAll, describe, expect, it } from "vitest";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { useE2E } from "./harness/fixtures";
import { api, createOperatorLogin, demoCredit, signInFromNode } from "./helpers/accounts";
import { enrolInConsole } from "./helpers/console";

const e2e = useE2E();
const key = generatePrivateKey();
const address = privateKeyToAccount(key).address.toLowerCase();
let userToken: string;
let operator: { username: string; password: string };

beforeAll(async () => {
  userToken = await signInFromNode(e2e.server, key);
  await demoCredit(e2e.server, userToken, "250");
  operator = await createOperatorLogin(e2e.server, "e2e-users");
});

describe("console users and messages", () => {
  it("finds a user, shows their balance, and messages everyone after a confirmation", async () => {
    const { page } = e2e;
    await enrolInConsole(page, operator);

    await page.getByRole("link", { name: "Users", exact: true }).click();
    await page.getByTestId("user-search").fill(address.slice(0, 12).toUpperCase());
    await page.getByTestId("user-search-go").click();
    await page.getByTestId(`user-open-${address}`).click();
    await expect.poll(() => page.getByTestId("user-balance-USDT").textContent()).toContain("250");
    const own = await api<{ usdt: { available: string } }>(e2e.server, "GET", "assets/overview", {
      token: userToken,
    });
    expect(await page.getByTestId("user-balance-USDT").textContent()).toContain(
      own.body.Data.usdt.available,
    );
    expect(await page.getByTestId("user-session").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("user-bill").count()).toBeGreaterThan(0);

    await page.getByRole("link", { name: "Messages", exact: true }).click();
    await page.getByTestId("message-to-all").check();
    await page.getByTestId("message-title").fill("Maintenance tonight");
    await page.getByTestId("message-body").fill("Trading pauses at 02:00 UTC for ten minutes.");
    await page.getByTestId("message-send").click();
    await expect
      .poll(() => page.getByTestId("message-confirm-all").textContent())
      .toContain("every user");
    await page.getByTestId("message-confirm-send").click();
    await expect.poll(() => page.getByTestId("message-sent").textContent()).toMatch(/Sent to \d+/);

    const inbox = await api<{ items: { title: string }[] }>(e2e.server, "GET", "profile/message", {
      token: userToken,
    });
    expect(inbox.body.Data.items.map((m) => m.title)).toContain("Maintenance tonight");
  });
});
