// The console's on-chain views (issue 22) against answers of GET /admin/chain/*: the dashboard
// card (read at a block beside the ledger, or the chain's state when it is not there) and a
// recharge's transaction looked up on request. The server side runs on a real anvil in
// tests/server/admin-chain.test.ts; here only what the screens make of its answers.
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminChainBalances, AdminChainTransaction } from "../../../protocol";
import { signIn, signOutOperator } from "../../sync/admin/operator-session";
import { fakeConsoleServer, sessionView, type FakeServer } from "../../test/fake-console-server";
import { renderInEnglish, useScreenTest } from "../../test/screen-test";
import { ChainBalancesCard } from "./chain-balances-card";
import { RechargeQueueScreen } from "./recharge-queue";

const HASH = `0x${"ab".repeat(32)}`;
const SENDER = "0x00000000000000000000000000000000000000a1";
const DEPOSIT = "0x00000000000000000000000000000000000000d1";

const recharge = {
  id: "31",
  amount: "25",
  status: 0,
  txHash: HASH,
  voucher: "u1",
  createdAt: "2026-11-27T03:00:00Z",
  reviewedAt: null,
  reason: null,
  userId: "7",
  userAddress: SENDER,
  voucherUrl: null,
  competingClaims: [],
  chainId: null,
  logIndex: null,
  fromAddress: null,
  reviewerId: null,
};

const ledger = { depositsCredited: "40", withdrawalsSent: "5" };

async function signedIn(fake: FakeServer) {
  fake.handlers["POST /auth/signin"] = () => ({ data: "op-token" });
  fake.handlers["GET /admin/session"] = () => ({ data: sessionView("ready", "support", "sam") });
  fake.handlers["POST /auth/logout"] = () => ({ data: null });
  await act(async () => {
    await signIn("sam", "pw");
  });
}

describe("console on-chain views", () => {
  useScreenTest();
  afterEach(async () => {
    await signOutOperator().catch(() => undefined);
  });

  it("shows the balances at their block beside the ledger, a shortfall as a warning", async () => {
    const answer: AdminChainBalances = {
      chain: {
        state: "read",
        chainId: 31337,
        blockNumber: "812",
        token: "0x00000000000000000000000000000000000000c1",
        hotWallet: {
          address: "0x00000000000000000000000000000000000000e1",
          usdt: "99999000",
          eth: "4999.5",
        },
        deposits: { count: 1, total: "37.5", largest: [{ address: DEPOSIT, usdt: "37.5" }] },
      },
      ledger,
      readAt: "2026-11-27T03:30:00Z",
    };
    const fake = fakeConsoleServer({ "GET /admin/chain/balances": () => ({ data: answer }) });
    await signedIn(fake);
    await renderInEnglish(<ChainBalancesCard />);
    const state = await screen.findByTestId("chain-state");
    expect(state.getAttribute("data-block")).toBe("812");
    expect(state.textContent).toContain("Read at block 812 on chain 31337");
    expect(screen.getByTestId("chain-hot-usdt").textContent).toBe("99,999,000");
    expect(screen.getByTestId("chain-hot-eth").textContent).toBe("4,999.5");
    expect(screen.getByTestId("chain-deposits").textContent).toBe("37.5");
    expect(screen.getByTestId("ledger-deposits").textContent).toBe("40");
    const difference = screen.getByTestId("chain-deposit-difference");
    expect(difference.textContent).toBe("-2.5");
    expect(difference.className).toBe("q-admin-warning");
    expect(screen.getByTestId("chain-deposit-list").textContent).toContain(DEPOSIT);
  });

  it("says so when the chain does not answer, and still shows the ledger", async () => {
    const fake = fakeConsoleServer({
      "GET /admin/chain/balances": () => ({
        data: { chain: { state: "unreachable" }, ledger, readAt: "2026-11-27T03:30:00Z" },
      }),
    });
    await signedIn(fake);
    await renderInEnglish(<ChainBalancesCard />);
    const state = await screen.findByTestId("chain-state");
    expect(state.getAttribute("data-state")).toBe("unreachable");
    expect(state.textContent).toContain("The chain did not answer");
    expect(screen.getByTestId("ledger-withdrawals").textContent).toBe("5");
    expect(screen.queryByTestId("chain-hot-usdt")).toBeNull();
  });

  it("looks a recharge's transaction up on request and flags an amount that differs", async () => {
    const found: AdminChainTransaction = {
      state: "success",
      chainId: 31337,
      blockNumber: "12",
      minedIn: "10",
      confirmations: 3,
      confirmationsRequired: 2,
      from: SENDER,
      to: "0x00000000000000000000000000000000000000c1",
      transfers: [{ logIndex: 0, from: SENDER, to: DEPOSIT, usdt: "24" }],
    };
    const fake = fakeConsoleServer({
      "GET /admin/recharge": () => ({ data: { items: [recharge], nextCursor: null } }),
      [`GET /admin/chain/transactions/${HASH}`]: () => ({ data: found }),
    });
    await signedIn(fake);
    await renderInEnglish(<RechargeQueueScreen />);
    const lookup = await screen.findByTestId("recharge-chain-31");
    // Nothing is asked of the chain until the operator asks.
    expect(fake.calls).not.toContain(`GET /admin/chain/transactions/${HASH}`);
    await act(async () => {
      fireEvent.click(screen.getByText("Look up on chain"));
    });
    expect((await screen.findByTestId("chain-tx-state")).textContent).toBe("Succeeded");
    expect(screen.getByTestId("chain-tx-confirmations").textContent).toBe("3 of 2 (head block 12)");
    expect(screen.getByTestId("chain-tx-transfers").textContent).toBe(
      `24 USDT from ${SENDER} to the deposit address`,
    );
    expect(screen.getByTestId("chain-tx-amount-differs")).toBeTruthy();
    expect(lookup.textContent).toContain("Look up again");
  });
});
