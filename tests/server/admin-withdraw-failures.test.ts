// Withdrawals that do not complete return amount + fee (bill 204): an operator's reject (with
// its reason), a transfer the hot wallet cannot cover, and one reverted on chain after its
// confirmations; without a hot wallet an approval is refused and nothing changes.
import type { FastifyInstance } from "fastify";
import { pad, toHex, type Hex } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import type { DevChain } from "../../server/chain/dev-chain";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { createWithdrawalSender } from "../../server/domain/wallet/withdrawal-sender";
import { balanceSlot, chainControl } from "./helpers/chain-control";
import { createUserSession, randomAddress, type TestSession } from "./helpers/sessions";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";
import { demoFunds, moneySnapshot } from "./helpers/withdraw";
import { withdrawDesk } from "./helpers/withdraw-desk";

const getDb = usePglite();
let app: FastifyInstance;
let chain: DevChain;
let user: TestSession;
let operator: TestSession;

useChainApp(getDb, (running) => ({ app, chain } = running));
beforeEach(async () => {
  await resetDb(getDb());
  user = await createUserSession(getDb(), { verified: true });
  operator = await createUserSession(getDb(), { role: "operator" });
});

const { anvil, mine, tokenBalance, hotNonce } = chainControl(() => chain);
const { admin, withdraw, decide, rowOf, userBills, overview } = withdrawDesk(() => ({
  app,
  db: getDb(),
  user,
  operator,
}));
const ledgerOk = async () => expect((await checkLedger(getDb())).violations).toEqual([]);

describe("failures return amount + fee", () => {
  it("a reject returns it as bill 204 with the reason; a decided one cannot be decided again", async () => {
    await demoFunds(app, user, "100");
    const w = await withdraw("30");
    const rejected = await decide(w.id, "reject", "  Destination is a sanctioned address  ");
    expect(rejected).toMatchObject({
      status: 3,
      reason: "Destination is a sanctioned address",
      reviewerId: operator.userId,
    });
    const [returned] = await userBills();
    expect(returned).toMatchObject({ type: 204, amount: "31", balanceAfter: "100" });
    expect((await overview()).usdt).toMatchObject({
      available: "100",
      frozen: "0",
      withdrawing: "0",
    });
    const [ledgerRow] = await getDb().query<{ reference: string }>(
      "SELECT reference FROM ledger_transactions ORDER BY id DESC LIMIT 1",
    );
    expect(ledgerRow?.reference).toContain("Destination is a sanctioned address");

    const before = await moneySnapshot(getDb());
    for (const how of ["approve", "reject"] as const) {
      const again = await admin(
        "POST",
        `/withdraw/${w.id}/${how}`,
        how === "reject" ? { reason: "x" } : undefined,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ Code: "CONFLICT" });
    }
    const unknown = await admin("POST", "/withdraw/999999/approve");
    expect(unknown.statusCode).toBe(404);
    const blank = await admin("POST", `/withdraw/${w.id}/reject`, { reason: "   " });
    expect(blank.statusCode).toBe(400);
    const asUser = await admin("POST", `/withdraw/${w.id}/approve`, undefined, user);
    expect(asUser.statusCode).toBe(403);
    expect(await moneySnapshot(getDb())).toEqual(before);
    await ledgerOk();
  });

  it("cannot approve without a hot wallet (503), and nothing changes", async () => {
    await demoFunds(app, user, "100");
    const w = await withdraw("30");
    app.chain.detach();
    const before = await moneySnapshot(getDb());
    const response = await admin("POST", `/withdraw/${w.id}/approve`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      Code: "UNAVAILABLE",
      Message: expect.stringContaining("Withdrawals cannot be sent"),
    });
    expect(await moneySnapshot(getDb())).toEqual(before);
    expect((await rowOf(w.id)).status).toBe(0);
  });

  it("a transfer the hot wallet cannot cover fails (status 3) and returns the funds", async () => {
    await demoFunds(app, user, "100");
    const w = await withdraw("60");
    await decide(w.id, "approve");
    const slot = balanceSlot(chain.hotWallet);
    const held = await tokenBalance(chain.hotWallet);
    await anvil().setStorageAt({
      address: chain.token,
      index: slot,
      value: pad(toHex(10_000_000n)),
    });
    try {
      const nonceBefore = await hotNonce();
      await createWithdrawalSender(getDb(), app.chain).tick();
      const failed = await rowOf(w.id);
      expect(failed).toMatchObject({ status: 3, txHash: null });
      expect(failed.reason).toMatch(
        /^The transfer failed on chain \(.+\); the amount and fee were returned$/,
      );
      expect(await hotNonce()).toBe(nonceBefore); // nothing was broadcast
    } finally {
      await anvil().setStorageAt({ address: chain.token, index: slot, value: pad(toHex(held)) });
    }
    expect((await userBills())[0]).toMatchObject({ type: 204, amount: "61", balanceAfter: "100" });
    await ledgerOk();
  });

  it("a transfer reverted on chain fails after its confirmations and returns the funds", async () => {
    await demoFunds(app, user, "100");
    const to = randomAddress();
    const w = await withdraw("60", to);
    await decide(w.id, "approve");
    const slot = balanceSlot(chain.hotWallet);
    const held = await tokenBalance(chain.hotWallet);
    const sender = createWithdrawalSender(getDb(), app.chain);
    await anvil().setAutomine(false);
    try {
      await sender.tick(); // signed (the estimate still sees the funds) and in the pool
      await anvil().setStorageAt({ address: chain.token, index: slot, value: pad(toHex(0n)) });
      await mine();
    } finally {
      await anvil().setAutomine(true);
    }
    const sent = await rowOf(w.id);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: sent.txHash as Hex });
    expect(receipt.status).toBe("reverted");
    await anvil().setStorageAt({ address: chain.token, index: slot, value: pad(toHex(held)) });
    await sender.tick();
    expect((await rowOf(w.id)).status).toBe(1); // one confirmation of two
    await mine();
    await sender.tick();
    const failed = await rowOf(w.id);
    expect(failed.status).toBe(3);
    expect(failed.reason).toBe(
      `The transfer failed on chain (transaction ${sent.txHash} reverted); the amount and fee were returned`,
    );
    expect(await tokenBalance(to)).toBe(0n);
    expect((await userBills()).map((b) => b.type)).toEqual([204, 201, 106]);
    expect((await overview()).usdt).toMatchObject({
      available: "100",
      withdrawing: "0",
      withdrawn: "0",
    });
    await ledgerOk();
  });
});
