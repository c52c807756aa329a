// Money round trip, every part real: the test wallet on the dev chain gets
// test USDT from the faucet, sends some to the deposit address from /recharge (the app fills in
// the tx hash), submits the recharge with a voucher screenshot through the outbox, the server
// verifies the transfer on chain and credits it; then /withdrawal through the outbox, an operator
// approves, the hot wallet sends, and the wallet's on-chain balance rises. /my and /records show
// it all, also offline after a reload.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { createPublicClient, erc20Abi, formatUnits, http, parseUnits, type Address } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import type { DepositInfo, ListPage } from "../../protocol";
import { RPC_PATH } from "../../protocol/paths";
import type { AdminWithdrawalItem, Recharge, Withdrawal } from "../../protocol/wallet";
import { copyDist } from "./harness/dist-copy";
import { useE2E } from "./harness/fixtures";
import { api, createOperator, SERVER_POLL_MS } from "./helpers/accounts";
import { setNetwork, tokenOf, waitForServiceWorker, LOCAL } from "./helpers/local-first";
import { signInThroughLogin } from "./helpers/login";

/** Anvil's public test account #3, funded with ETH (the platform's own keys are random per data dir). */
const ANVIL_KEY_3 = "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6";

const dist = copyDist();
const e2e = useE2E({
  server: { distDir: dist.dir },
  session: { wallet: { privateKey: ANVIL_KEY_3 } },
});
let operator: string;
let voucher: Buffer;

beforeAll(async () => {
  operator = await createOperator(e2e.server, "e2e-cashier");
  voucher = await sharp({
    create: { width: 900, height: 1600, channels: 3, background: "#e8eef6" },
  })
    .png()
    .toBuffer();
  return () => dist.remove();
});

/** The wallet's Test USDT on the dev chain, read from Node through the same relay. */
async function onChainUsdt(token: Address, owner: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(`${e2e.server.url}${RPC_PATH}`) });
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });
}

async function depositInfo(token: string): Promise<DepositInfo> {
  // The dev chain starts after the server listens: wait for it like the app does.
  for (let i = 0; i < 60; i += 1) {
    const answer = await api<DepositInfo>(e2e.server, "GET", "wallet/deposit", { token });
    if (answer.status === 200) return answer.body.Data;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the dev chain did not come up");
}

async function go(page: Page, path: string, screen: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId(screen).waitFor();
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? "").replace(/\s+/g, " ").trim();

describe("money round trip on the dev chain", () => {
  it("faucet → deposit → recharge credited → withdraw → approved → on chain; /my and /records offline", async () => {
    const { page, wallet, server, session, log } = e2e;
    const { context } = session;
    await signInThroughLogin(page);
    await waitForServiceWorker(page);
    const token = await tokenOf(page);
    const info = await depositInfo(token);
    const start = await onChainUsdt(info.token as Address, wallet.address);

    // 1. Test USDT from the faucet on /recharge (demo only) to the signed-in wallet.
    await go(page, "/recharge", "screen-recharge");
    await page.getByTestId("recharge-faucet").click();
    await page.getByTestId("recharge-faucet-sent").waitFor({ timeout: 20_000 });
    await expect
      .poll(() => onChainUsdt(info.token as Address, wallet.address), { timeout: 20_000 })
      .toBe(start + parseUnits("1000", 6));
    // /my shows the wallet's on-chain balance, read in the browser with viem.
    await go(page, "/my", "screen-my");
    await expect.poll(() => text(page, "my-wallet-usdt"), { timeout: 40_000 }).toContain("1,000");

    // 2. /recharge: send 100 from the wallet in the app; the tx hash fills itself in.
    await go(page, "/recharge", "screen-recharge");
    expect(await text(page, "recharge-address")).toContain(info.address);
    await page.getByTestId("recharge-amount").fill("100");
    await page.getByTestId("recharge-send-wallet").click();
    await expect
      .poll(() => page.getByTestId("recharge-txhash").inputValue(), LOCAL)
      .toMatch(/^0x[0-9a-f]{64}$/);
    const txHash = await page.getByTestId("recharge-txhash").inputValue();
    expect(wallet.requests.map((r) => r.method)).toContain("eth_sendTransaction");
    await page.getByTestId("recharge-voucher").setInputFiles({
      name: "transfer.png",
      mimeType: "image/png",
      buffer: voucher,
    });
    await page.getByTestId("recharge-submit").click();

    // Credited once the dev chain has made the confirmations (1 s blocks).
    await expect
      .poll(
        async () => {
          const list = await api<ListPage<Recharge>>(server, "GET", "wallet/recharge", { token });
          return list.body.Data.items.map((r) => [r.txHash, r.status]);
        },
        { timeout: 30_000, interval: SERVER_POLL_MS },
      )
      .toEqual([[txHash, 1]]);
    await go(page, "/my", "screen-my");
    await expect.poll(() => text(page, "my-usdt-available"), LOCAL).toContain("100");

    // 3. /withdrawal: 40 to the signed-in wallet (the default), fee shown before confirming.
    const config = await api<{ fee: string }>(server, "GET", "wallet/withdraw/config", { token });
    const fee = parseUnits(config.body.Data.fee, 6);
    await go(page, "/withdrawal", "screen-withdrawal");
    await expect
      .poll(() => page.getByTestId("withdraw-address").inputValue(), LOCAL)
      .toBe(wallet.address);
    await page.getByTestId("withdraw-amount").fill("40");
    expect(await text(page, "withdraw-fee")).toContain(config.body.Data.fee);
    expect(await page.getByTestId("withdraw-new-address-warning").count()).toBe(0);
    await page.getByTestId("withdraw-submit").click();
    // The confirm step repeats amount, fee and what is frozen before anything is sent.
    expect(await text(page, "withdraw-confirm-fee")).toContain(config.body.Data.fee);
    const frozen = formatUnits(parseUnits("40", 6) + fee, 6);
    expect(await text(page, "withdraw-confirm-total")).toContain(frozen);
    await page.getByTestId("withdraw-confirm").click();

    await expect
      .poll(
        async () => {
          const list = await api<ListPage<AdminWithdrawalItem>>(
            server,
            "GET",
            "admin/withdraw?status=0",
            {
              token: operator,
            },
          );
          return list.body.Data.items.filter((w) => w.address === wallet.address).length;
        },
        { timeout: 20_000, interval: SERVER_POLL_MS },
      )
      .toBe(1);
    const queue = await api<ListPage<AdminWithdrawalItem>>(
      server,
      "GET",
      "admin/withdraw?status=0",
      {
        token: operator,
      },
    );
    const item = queue.body.Data.items.find((w) => w.address === wallet.address);
    expect(item).toMatchObject({ amount: "40", fee: config.body.Data.fee });
    const beforeSend = await onChainUsdt(info.token as Address, wallet.address);
    const approved = await api(server, "POST", `admin/withdraw/${item?.id}/approve`, {
      token: operator,
    });
    expect(approved.status).toBe(200);

    // The hot wallet sends; once confirmed the withdrawal is a success with its tx hash.
    await expect
      .poll(
        async () => {
          const list = await api<ListPage<Withdrawal>>(server, "GET", "wallet/withdraw", { token });
          return list.body.Data.items[0]?.status;
        },
        { timeout: 30_000, interval: SERVER_POLL_MS },
      )
      .toBe(2);
    expect(await onChainUsdt(info.token as Address, wallet.address)).toBe(
      beforeSend + parseUnits("40", 6),
    );

    // 4. /my and /records show it all: 100 − 40 − fee available, 40 withdrawn.
    const left = formatUnits(parseUnits("60", 6) - fee, 6);
    await go(page, "/my", "screen-my");
    await expect.poll(() => text(page, "my-usdt-available"), LOCAL).toContain(left);
    await expect.poll(() => text(page, "my-usdt-withdrawn"), LOCAL).toContain("40");
    await go(page, "/records", "screen-records");
    await expect.poll(() => page.getByTestId("bill-row").count(), LOCAL).toBe(4);
    const types = await page
      .getByTestId("bill-row")
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-type")));
    expect(types.sort()).toEqual(["101", "201", "203", "205"]);

    // 5. Offline, after a reload: the same figures and records from IndexedDB.
    await setNetwork(context, false);
    await page.reload();
    await page.getByTestId("screen-records").waitFor();
    await expect.poll(() => page.getByTestId("bill-row").count(), LOCAL).toBe(4);
    await go(page, "/my", "screen-my");
    await expect.poll(() => text(page, "my-usdt-available"), LOCAL).toContain(left);
    await go(page, "/recharge", "screen-recharge");
    await expect.poll(() => page.getByTestId("recharge-row").count(), LOCAL).toBe(1);
    await go(page, "/withdrawal", "screen-withdrawal");
    await expect.poll(() => page.getByTestId("withdraw-row").count(), LOCAL).toBe(1);
    await setNetwork(context, true);

    expect(log.pageErrors).toEqual([]);
  });
});
