// Two-person withdrawals end to end (issue 22): a user asks for a withdrawal above
// WITHDRAWAL_SECOND_APPROVAL_ABOVE (set to 50 USDT for this server); operator A approves it in the
// console in one browser context and the queue shows one approval of two and who gave it; A's
// second tab, still showing the Approve button, is refused with the app's wording; operator B, in
// a context of their own, gives the second approval; the server sends the Test USDT on the dev
// chain — the receipt and the recipient's balance are read from the chain through /rpc — and the
// console shows the withdrawal sent with its hash, and the dashboard the chain beside the ledger.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { createPublicClient, erc20Abi, http, parseUnits, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, describe, expect, it } from "vitest";
import { RPC_PATH } from "../../protocol/paths";
import { TOTP_PARAMETERS } from "../../protocol/operators";
import { totpCode } from "../../server/domain/auth/totp";
import { useE2E } from "./harness/fixtures";
import {
  api,
  createOperatorAccount,
  demoCredit,
  signInFromNode,
  SERVER_POLL_MS,
  type E2eOperator,
} from "./helpers/accounts";

const e2e = useE2E({ server: { env: { WITHDRAWAL_SECOND_APPROVAL_ABOVE: "50" } } });

const AMOUNT = "120";
const userKey = generatePrivateKey();
const recipient = privateKeyToAccount(userKey).address;
let operatorA: E2eOperator;
let operatorB: E2eOperator;
let withdrawalId: string;
let token: Address;

beforeAll(async () => {
  [operatorA, operatorB] = [
    await createOperatorAccount(e2e.server, "e2e-approver-a"),
    await createOperatorAccount(e2e.server, "e2e-approver-b"),
  ];
  const userToken = await signInFromNode(e2e.server, userKey);
  await demoCredit(e2e.server, userToken, "500");
  // The dev chain starts in the background: wait until the wallet's deposit terms are served.
  const until = Date.now() + 60_000;
  while ((await api(e2e.server, "GET", "wallet/deposit", { token: userToken })).status !== 200) {
    if (Date.now() > until) throw new Error("the dev chain did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, SERVER_POLL_MS));
  }
  const deposit = await api<{ token: Address }>(e2e.server, "GET", "wallet/deposit", {
    token: userToken,
  });
  token = deposit.body.Data.token;
  const asked = await api<{ id: string }>(e2e.server, "POST", "wallet/withdraw", {
    token: userToken,
    idempotencyKey: randomUUID(),
    json: { amount: AMOUNT, address: recipient },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  withdrawalId = asked.body.Data.id;
}, 120_000);

/**
 * The console's sign-in as an operator would do it: password, then a code. A TOTP code works
 * once per step, so a second sign-in of the same operator uses one of their recovery codes.
 */
async function signInConsole(page: Page, operator: E2eOperator, recoveryCode?: string) {
  await page.goto("/admin");
  await page.getByTestId("admin-username").fill(operator.username);
  await page.getByTestId("admin-password").fill(operator.password);
  await page.getByTestId("admin-signin-submit").click();
  await page.getByTestId("admin-verify").waitFor();
  if (recoveryCode !== undefined) {
    await page.getByTestId("admin-verify-switch").click();
    await page.getByTestId("admin-verify-code").fill(recoveryCode);
  } else {
    // The next step's code: the enrolment used this step's, and a used code is refused.
    const next = Date.now() + TOTP_PARAMETERS.periodSeconds * 1000;
    await page.getByTestId("admin-verify-code").fill(totpCode(operator.secret, next));
  }
  await page.getByTestId("admin-verify-submit").click();
  await page.getByTestId("admin-console").waitFor();
}

async function openWithdrawals(page: Page) {
  await page.getByRole("link", { name: "Withdrawals", exact: true }).click();
  await page.getByTestId("queue-withdraw").waitFor();
}

describe("two-person withdrawal in the console", () => {
  it("needs two different operators, then is sent on the dev chain", async () => {
    const item = (page: Page) => page.getByTestId(`queue-item-${withdrawalId}`);
    const approve = (page: Page) => page.getByTestId(`approve-${withdrawalId}`);

    // Operator A, two tabs of one browser context, both showing the item with its Approve button.
    const a = await e2e.newSession({ wallet: false });
    await signInConsole(a.page, operatorA);
    await openWithdrawals(a.page);
    const secondTab = await a.context.newPage();
    await signInConsole(secondTab, operatorA, operatorA.recoveryCodes[0]);
    await openWithdrawals(secondTab);
    await approve(secondTab).waitFor();

    // A approves in the first tab: one of two, by A; A is not offered the second.
    await approve(a.page).click();
    const approvals = a.page.getByTestId(`withdraw-approvals-${withdrawalId}`);
    await expect.poll(() => approvals.locator("li").count()).toBe(1);
    expect(await approvals.textContent()).toContain("operator:e2e-approver-a");
    await a.page.getByTestId(`withdraw-waiting-${withdrawalId}`).waitFor();
    expect(await approve(a.page).count()).toBe(0);

    // The stale tab tries A's approval again: the server refuses it, the console says so.
    await approve(secondTab).click();
    const refusal = item(secondTab).getByRole("alert");
    await expect.poll(() => refusal.textContent(), { timeout: 10_000 }).not.toBe("");
    // The app's wording for CONFLICT (same-approver); never a generic failure.
    expect(await refusal.textContent()).toMatch(
      /already approved|conflicts with the current state/i,
    );
    expect(await refusal.textContent()).not.toContain("Something went wrong");
    // …and recorded nothing: still one approval, A's, and still under review.
    const queued = await api<{ items: { id: string; approvals: { operatorLabel: string }[] }[] }>(
      e2e.server,
      "GET",
      "admin/withdraw?status=0",
      { token: operatorA.token },
    );
    const waiting = queued.body.Data.items.find((entry) => entry.id === withdrawalId);
    expect(waiting?.approvals.map((approval) => approval.operatorLabel)).toEqual([
      "operator:e2e-approver-a",
    ]);

    // Operator B, a browser context of their own, gives the second approval.
    const b = await e2e.newSession({ wallet: false });
    await signInConsole(b.page, operatorB);
    await openWithdrawals(b.page);
    await expect.poll(() => item(b.page).textContent()).toContain("operator:e2e-approver-a");
    await approve(b.page).click();
    await item(b.page).waitFor({ state: "detached" });

    // Sent: the console lists it under "Withdrawal sent" with its transaction hash.
    await b.page.getByTestId("queue-status-2").click();
    let hash: Hex | undefined;
    await expect
      .poll(
        async () => {
          await b.page.getByRole("button", { name: "Refresh" }).click();
          const text =
            (await item(b.page)
              .textContent({ timeout: 1_000 })
              .catch(() => "")) ?? "";
          hash = /0x[0-9a-fA-F]{64}/.exec(text)?.[0] as Hex | undefined;
          return hash !== undefined;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    const sentItem = await item(b.page).textContent();
    expect(sentItem).toContain("operator:e2e-approver-a");
    expect(sentItem).toContain("operator:e2e-approver-b");

    // The chain itself: a successful transfer of exactly the amount to the recipient.
    const chain = createPublicClient({ transport: http(`${e2e.server.url}${RPC_PATH}`) });
    const receipt = await chain.getTransactionReceipt({ hash: hash as Hex });
    expect(receipt.status).toBe("success");
    expect(receipt.to?.toLowerCase()).toBe(token.toLowerCase());
    const balance = await chain.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [recipient],
    });
    expect(balance).toBe(parseUnits(AMOUNT, 6));

    // The dashboard: balances read on chain at a block, beside the ledger's withdrawals.
    await b.page.getByRole("link", { name: "Dashboard", exact: true }).click();
    const chainState = b.page.getByTestId("chain-state");
    await chainState.waitFor();
    expect(await chainState.getAttribute("data-state")).toBe("read");
    expect(Number(await chainState.getAttribute("data-block"))).toBeGreaterThanOrEqual(
      Number(receipt.blockNumber),
    );
    await expect
      .poll(
        async () => {
          await b.page.getByRole("button", { name: "Read again" }).click();
          return b.page.getByTestId("ledger-withdrawals").textContent();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(AMOUNT);
    expect(await b.page.getByTestId("chain-hot-eth").textContent()).not.toBe("0");

    expect(a.log.pageErrors).toEqual([]);
    expect(b.log.pageErrors).toEqual([]);
  });
});
