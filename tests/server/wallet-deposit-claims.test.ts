// Whose deposit is it: the Transfer's sender decides, not who files its public hash
// first. A stranger's claim is refused and reserves nothing; the deposit watcher credits every
// confirmed transfer from a user's wallet without any claim; transfers from addresses that are no
// user's go to operators with the competing claims visible. Real app, PGlite, real anvil.
import type { FastifyInstance } from "fastify";
import { createWalletClient, erc20Abi, http, parseUnits, type Hex } from "viem";
import { anvil as anvilChain } from "viem/chains";
import { beforeEach, describe, expect, it } from "vitest";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { AdminRechargeItem, Recharge } from "../../protocol/wallet";
import type { DevChain } from "../../server/chain/dev-chain";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { createDepositWatcher } from "../../server/domain/wallet/deposit-watcher";
import { createRechargeWatcher } from "../../server/domain/wallet/recharge-watcher";
import { operatorPost } from "./helpers/identity";
import {
  fundWallet,
  mine,
  postRecharge,
  rechargeBills,
  rechargeOf,
  sendToDeposit,
  testClient,
  walletState,
  walletUser,
  type WalletUser,
} from "./helpers/recharge";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let chain: DevChain;
let sender: WalletUser;
let stranger: WalletUser;
let operator: TestSession;

useChainApp(getDb, (running) => ({ app, chain } = running), {
  app: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
});
beforeEach(async () => {
  await resetDb(getDb());
  sender = await walletUser(app, getDb());
  stranger = await walletUser(app, getDb());
  operator = await createUserSession(getDb(), { role: "operator" });
  await fundWallet(chain, sender.account.address, "500");
});

const depositWatcher = () => createDepositWatcher(getDb(), app.chain);
const rechargeWatcher = () => createRechargeWatcher(getDb(), app.chain);

async function expectLedgerOk(): Promise<void> {
  const report = await checkLedger(getDb());
  expect(report.violations).toEqual([]);
}

async function myRecharges(user: { token: string }): Promise<Recharge[]> {
  const response = await app.inject({
    url: `${API_BASE}/wallet/recharge`,
    headers: bearer(user),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: ListPage<Recharge> }>().Data.items;
}

describe("a claim of someone else's transfer", () => {
  it("is refused with 422 NOT_YOUR_TRANSFER, reserves nothing, and the real sender is still credited", async () => {
    const txHash = await sendToDeposit(chain, sender.account, "60");
    await mine(chain, 1);
    const before = await walletState(getDb());
    const stolen = await postRecharge(app, stranger, {
      amount: "60",
      voucher: stranger.voucher,
      txHash,
    });
    expect(stolen.statusCode, stolen.body).toBe(422);
    expect(stolen.json()).toMatchObject({ Code: "NOT_YOUR_TRANSFER" });
    expect(stolen.json<{ Message: string }>().Message).toMatch(/another user's wallet/);
    expect(await walletState(getDb())).toEqual(before);

    // The real sender's own claim goes through (no 409), credited at once.
    const own = rechargeOf(
      await postRecharge(app, sender, { amount: "60", voucher: sender.voucher, txHash }),
    );
    expect(own).toMatchObject({ status: 1, verification: "verified", txHash });
    expect(await rechargeBills(getDb(), sender.userId)).toEqual([
      { amount: "60000000", ref_id: own.id },
    ]);
    expect(await rechargeBills(getDb(), stranger.userId)).toEqual([]);
    // The watcher finds the same transfer and credits nothing more.
    await depositWatcher().tick();
    expect(await rechargeBills(getDb(), sender.userId)).toHaveLength(1);
    await expectLedgerOk();
  });

  it("does not stop the deposit watcher crediting the real sender", async () => {
    const txHash = await sendToDeposit(chain, sender.account, "25");
    await mine(chain, 1);
    const stolen = await postRecharge(app, stranger, {
      amount: "25",
      voucher: stranger.voucher,
      txHash,
    });
    expect(stolen.statusCode).toBe(422);
    await depositWatcher().tick();
    const [credited] = await myRecharges(sender);
    expect(credited).toMatchObject({ amount: "25", status: 1, verification: "verified", txHash });
    expect(credited?.voucher).toBeNull();
    expect(await myRecharges(stranger)).toEqual([]);
  });

  it("filed before the transfer is mined, ends failed once the chain shows whose it is", async () => {
    const anvil = testClient(chain);
    await anvil.setAutomine(false);
    let txHash: Hex;
    try {
      const wallet = createWalletClient({
        account: sender.account,
        chain: { ...anvilChain, id: chain.chainId },
        transport: http(chain.rpcUrl),
      });
      txHash = await wallet.writeContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: "transfer",
        args: [chain.depositAddress, parseUnits("35", 6)],
        gas: 100_000n,
      });
      // In the mempool only: the stranger's claim cannot be checked yet and waits.
      const early = rechargeOf(
        await postRecharge(app, stranger, { amount: "35", voucher: stranger.voucher, txHash }),
      );
      expect(early).toMatchObject({ status: 0, verification: "waiting" });
    } finally {
      await anvil.setAutomine(true);
    }
    await mine(chain, 2);
    await depositWatcher().tick();
    await rechargeWatcher().tick();
    const [theirs] = await myRecharges(stranger);
    expect(theirs).toMatchObject({ status: 2 });
    expect(theirs?.reason).toMatch(/another user's wallet/);
    expect(await rechargeBills(getDb(), stranger.userId)).toEqual([]);
    const [mine_] = await myRecharges(sender);
    expect(mine_).toMatchObject({ amount: "35", status: 1, txHash });
    await expectLedgerOk();
  });

  it("is refused with 422 TRANSFER_MISMATCH when the chain contradicts it, writing nothing", async () => {
    const wrongAmount = await sendToDeposit(chain, sender.account, "30");
    const reverted = await sendToDeposit(chain, sender.account, "100000", 100_000n);
    // A real USDT transfer, but to another address than the deposit address.
    const elsewhere = await chain.sendTestUsdt(stranger.account.address, parseUnits("40", 6));
    await chain.publicClient.waitForTransactionReceipt({ hash: elsewhere });
    await mine(chain, 2);
    const before = await walletState(getDb());
    for (const [txHash, amount, message] of [
      [wrongAmount, "31", /different USDT amount/],
      [reverted, "100000", /reverted/],
      [elsewhere, "40", /no USDT to the deposit address/],
    ] as const) {
      const response = await postRecharge(app, sender, { amount, voucher: sender.voucher, txHash });
      expect(response.statusCode, txHash).toBe(422);
      expect(response.json()).toMatchObject({ Code: "TRANSFER_MISMATCH" });
      expect(response.json<{ Message: string }>().Message).toMatch(message);
    }
    expect(await walletState(getDb())).toEqual(before);
  });
});

describe("the deposit watcher", () => {
  it("credits a user's transfer once its confirmations are in, exactly once, with no claim", async () => {
    const txHash = await sendToDeposit(chain, sender.account, "75.25");
    // One confirmation (its own block) of the two required: nothing yet.
    await depositWatcher().tick();
    expect(await rechargeBills(getDb(), sender.userId)).toEqual([]);
    await mine(chain, 1);
    await depositWatcher().tick();
    const recharges = await myRecharges(sender);
    expect(recharges).toHaveLength(1);
    expect(recharges[0]).toMatchObject({
      amount: "75.25",
      status: 1,
      verification: "verified",
      txHash,
      voucher: null,
    });
    // Again, from a fresh watcher and from a rewound cursor: never a second credit.
    await depositWatcher().tick();
    await getDb().query("UPDATE deposit_scan_cursors SET next_block = 0");
    await depositWatcher().tick();
    expect(await rechargeBills(getDb(), sender.userId)).toHaveLength(1);
    // The user's devices learn of it (change log) and the user gets a message.
    const [logged] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM change_log WHERE user_id = $1 AND entity = 'recharge'",
      [sender.userId],
    );
    expect(logged?.n).toBeGreaterThanOrEqual(1);
    // A later claim of the credited transfer (the form sent after the wallet) answers that
    // recharge; nothing new is written.
    const late = await postRecharge(app, sender, {
      amount: "75.25",
      voucher: sender.voucher,
      txHash,
    });
    expect(rechargeOf(late)).toMatchObject({ id: recharges[0]?.id, status: 1 });
    expect(await myRecharges(sender)).toHaveLength(1);
    await expectLedgerOk();
  });

  it("credits the user's waiting claim of that transfer instead of a second recharge", async () => {
    const txHash = await sendToDeposit(chain, sender.account, "40");
    const claim = rechargeOf(
      await postRecharge(app, sender, { amount: "40", voucher: sender.voucher, txHash }),
    );
    expect(claim).toMatchObject({ status: 0, verification: "waiting" });
    await mine(chain, 1);
    await depositWatcher().tick();
    await rechargeWatcher().tick();
    const recharges = await myRecharges(sender);
    expect(recharges).toHaveLength(1);
    expect(recharges[0]).toMatchObject({ id: claim.id, status: 1, voucher: sender.voucher });
    expect(await rechargeBills(getDb(), sender.userId)).toHaveLength(1);
  });

  it("leaves transfers from addresses that are no user's to operators, competing claims visible", async () => {
    // The hot wallet stands for an exchange: a real transfer, from no user's wallet.
    const txHash = await chain.sendTestUsdt(chain.depositAddress, parseUnits("40", 6));
    await chain.publicClient.waitForTransactionReceipt({ hash: txHash });
    await mine(chain, 2);
    await depositWatcher().tick();
    const first = rechargeOf(
      await postRecharge(app, stranger, { amount: "40", voucher: stranger.voucher, txHash }),
    );
    const second = rechargeOf(
      await postRecharge(app, sender, { amount: "40", voucher: sender.voucher, txHash }),
    );
    for (const claim of [first, second]) {
      expect(claim).toMatchObject({ status: 0, verification: "manual" });
      expect(claim.reason).toMatch(/not your wallet nor any account's/);
    }
    await depositWatcher().tick();
    await rechargeWatcher().tick();
    expect(await rechargeBills(getDb(), stranger.userId)).toEqual([]);
    expect(await rechargeBills(getDb(), sender.userId)).toEqual([]);

    const queue = await app.inject({
      url: `${API_BASE}/admin/recharge?status=0`,
      headers: bearer(operator),
    });
    const items = queue.json<{ Data: ListPage<AdminRechargeItem> }>().Data.items;
    expect(items.find((i) => i.id === first.id)?.competingClaims).toEqual([second.id]);
    expect(items.find((i) => i.id === second.id)?.competingClaims).toEqual([first.id]);

    // The operator decides; the first claim won nothing by coming first.
    const approved = await operatorPost(app, operator, `/recharge/${second.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const twice = await operatorPost(app, operator, `/recharge/${first.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(await rechargeBills(getDb(), sender.userId)).toHaveLength(1);
    expect(await rechargeBills(getDb(), stranger.userId)).toEqual([]);
    await expectLedgerOk();
  });
});
