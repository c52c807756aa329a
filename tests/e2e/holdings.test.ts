// The signed-in home and /my: the platform balance on /my and the total on /home are
// every holding at its last price on the device, in USDT — with BTC held, not the USDT alone —
// and say when a price is old. Checked offline, where the prices on the device stand still.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { AssetsOverview } from "../../protocol/ledger";
import { WITHDRAW_IDENTITY_RULE } from "../../protocol/wallet";
import { add, multiply } from "../../protocol/decimal";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { api } from "./helpers/accounts";
import { LOCAL, setNetwork, tokenOf, waitForServiceWorker } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

const dist = copyDist();
afterAll(() => dist.remove());
const e2e = useE2E({ server: { distDir: dist.dir } });
/** Anvil's public account #9: not the signed-in wallet, not the platform's. */
const OTHER_ADDRESS = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";

async function post(path: string, token: string, json: unknown) {
  const response = await fetch(`${e2e.server.url}/api/v1/${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify(json),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
}

describe("holdings valued at last prices", () => {
  it("/my and /home show USDT plus BTC at its last price, in USDT, and say when it is old", async () => {
    const { page, session, server } = e2e;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const token = await tokenOf(page);
    await post("wallet/demo-credit", token, { amount: "10000" });
    await post("spot/orders", token, { symbol: "BTC/USDT", side: 0, type: 0, number: "0.01" });

    await page.goto("/my");
    await page.getByTestId("my-tab-others").click();
    await page.locator('[data-testid="my-other-balance"]', { hasText: "BTC" }).waitFor(LOCAL);
    await page.getByTestId("my-equity").waitFor();

    // Offline the device's prices stand still, so the test can read the same ones the screen used.
    await setNetwork(session.context, false);
    await page.reload();
    await page.getByTestId("my-equity").waitFor();
    await page.getByTestId("my-tab-others").click();
    const overview = (await api<AssetsOverview>(server, "GET", "assets/overview", { token })).body
      .Data;
    const btcLast = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("quanta");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error("open failed"));
      });
      try {
        return await new Promise<string>((resolve, reject) => {
          const get = db.transaction("tickers").objectStore("tickers").get("BTC/USDT");
          get.onsuccess = () => resolve((get.result as { last: string }).last);
          get.onerror = () => reject(get.error ?? new Error("get failed"));
        });
      } finally {
        db.close();
      }
    });
    const btc = overview.balances.find((b) => b.asset === "BTC");
    if (!btc) throw new Error("The market buy left no BTC.");
    const btcValue = multiply(add(btc.available, btc.frozen, 8), btcLast, 6, "down");
    const usdt = add(overview.usdt.available, overview.usdt.frozen, 6);
    const expected = add(usdt, btcValue, 6);
    expect(btcValue).not.toBe("0");

    await expect
      .poll(() => page.getByTestId("my-equity").getAttribute("data-total"), LOCAL)
      .toBe(expected);
    expect(await page.getByTestId("my-equity").textContent()).toMatch(/ USDT$/);
    expect(await page.getByTestId("my-other-value").getAttribute("data-value")).toBe(btcValue);
    // The tick is more than 10 s old by now or soon: the screen says the value is the last known.
    await page
      .locator('[data-testid="valuation-note"][data-asset="BTC"][data-state="stale"]')
      .waitFor({ timeout: 20_000 });

    // /home: the same total, today's PnL, and the three actions.
    await page.goto("/home");
    await expect
      .poll(() => page.getByTestId("home-total").getAttribute("data-total"), LOCAL)
      .toBe(expected);
    expect(await page.getByTestId("home-pnl").getAttribute("data-value")).toBe(
      overview.income.today,
    );
    await page.getByTestId("home-trade").click();
    await page.getByTestId("screen-spots").waitFor();
    await page.goto("/home");
    await page.getByTestId("home-withdraw").click();
    await page.getByTestId("screen-withdrawal").waitFor();
    await page.goto("/home");
    await page.getByTestId("home-deposit").click();
    await page.getByTestId("screen-recharge").waitFor();
  });
});

// One identity rule, said on /withdrawal and /verified and enforced by the
// server. An unverified user's withdrawal to another address comes back refused with that
// sentence and freezes nothing.
describe("the identity rule for withdrawals", () => {
  it("refuses an unverified user's withdrawal to another address, in the app's words", async () => {
    const { page, server } = e2e;
    await signInThroughLogin(page);
    const token = await tokenOf(page);
    await post("wallet/demo-credit", token, { amount: "500" });
    const before = (await api<AssetsOverview>(server, "GET", "assets/overview", { token })).body
      .Data.usdt;

    await page.goto("/verified");
    expect(await page.getByTestId("verified-withdrawal-rule").textContent()).toBe(
      WITHDRAW_IDENTITY_RULE,
    );
    await page.goto("/withdrawal");
    await page.getByTestId("screen-withdrawal").waitFor();
    expect(await page.getByTestId("withdraw-identity-rule").textContent()).toContain(
      WITHDRAW_IDENTITY_RULE,
    );
    await page.getByTestId("withdraw-address").fill(OTHER_ADDRESS);
    await page.getByTestId("withdraw-amount").fill("40");
    await page.getByTestId("withdraw-submit").click();
    await page.getByTestId("withdraw-confirm").click();

    const refused = page.locator('[data-testid="withdraw-pending"] [data-testid="outbox-state"]');
    await expect.poll(() => refused.getAttribute("data-state"), LOCAL).toBe("failed");
    expect(await refused.textContent()).toContain(WITHDRAW_IDENTITY_RULE);
    // Nothing was frozen and no withdrawal exists.
    const after = (await api<AssetsOverview>(server, "GET", "assets/overview", { token })).body.Data
      .usdt;
    expect(after).toEqual(before);
    const list = await api<{ items: unknown[] }>(server, "GET", "wallet/withdraw", { token });
    expect(list.body.Data.items).toEqual([]);
  });
});
