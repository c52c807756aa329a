// The demo deposit round trip through the wallet: a fresh wallet with no
// ETH and no USDT gets both from the faucet on /recharge, "Send from my wallet" sends 100 to the
// deposit address, and the deposit watcher credits it after its confirmations without any form
// being submitted; /recharge shows it arriving and /my shows the balance.
import { createPublicClient, http, type Address, type Hex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { RPC_PATH } from "../../protocol/paths";
import { useE2E } from "./harness/fixtures";
import { LOCAL } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

const e2e = useE2E({
  // A key of its own: anvil's public accounts come with ETH, a new user's wallet does not.
  session: { wallet: { privateKey: generatePrivateKey() } },
});

const text = async (testId: string) =>
  ((await e2e.page.getByTestId(testId).first().textContent()) ?? "").replace(/\s+/g, " ").trim();

describe("demo deposit through the wallet", () => {
  it("faucet → send from my wallet → credited automatically after confirmations", async () => {
    const { page, wallet, server } = e2e;
    const chain = createPublicClient({ transport: http(`${server.url}${RPC_PATH}`) });
    expect(await chain.getBalance({ address: wallet.address as Address })).toBe(0n);
    await signInThroughLogin(page);
    await page.goto("/recharge");
    await page.getByTestId("screen-recharge").waitFor();
    // The deposit address arrives with the account pull once the dev chain runs.
    await page.getByTestId("recharge-address").waitFor({ timeout: 60_000 });

    const faucetAnswer = page.waitForResponse(
      (response) =>
        response.url().includes("/wallet/faucet") && response.request().method() === "POST",
    );
    await page.getByTestId("recharge-faucet").click();
    const faucet = (await (await faucetAnswer).json()) as { Data: { txHash: Hex } };
    await page.getByTestId("recharge-faucet-sent").waitFor({ timeout: 20_000 });
    // The faucet gives gas too: the wallet can pay for its own transfer.
    await expect
      .poll(() => chain.getBalance({ address: wallet.address as Address }), { timeout: 20_000 })
      .toBeGreaterThan(0n);
    // Gas and USDT are two transactions and may land in different blocks: send once the
    // USDT one is mined, as a person would after seeing it arrive in their wallet.
    const funded = await chain.waitForTransactionReceipt({
      hash: faucet.Data.txHash,
      timeout: 30_000,
    });
    expect(funded.status).toBe("success");

    await page.getByTestId("recharge-amount").fill("100");
    await page.getByTestId("recharge-send-wallet").click();
    await expect
      .poll(() => page.getByTestId("recharge-txhash").inputValue(), { timeout: 30_000 })
      .toMatch(/^0x[0-9a-f]{64}$/);
    expect(await page.getByRole("alert").count()).toBe(0);
    const txHash = await page.getByTestId("recharge-txhash").inputValue();

    // No voucher, no submit: the watcher credits it once confirmed and the screen syncs it.
    const row = page.locator(`[data-testid="recharge-row"][data-status="1"]`);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain("100");
    expect(await row.first().locator(".q-wallet__hash").getAttribute("title")).toBe(txHash);

    await page.goto("/my");
    await page.getByTestId("screen-my").waitFor();
    await expect.poll(() => text("my-usdt-available"), LOCAL).toContain("100");
  });
});
