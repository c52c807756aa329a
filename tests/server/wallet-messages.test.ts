// A recharge or withdrawal that ends sends its user one system message, in the same transaction
// as the outcome: credited or rejected (with the operator's reason), sent on chain (with the
// address and hash) or returned (with the fee and the reason). On the real app, PGlite and an
// anvil dev chain; two senders racing still make one message.
import type { FastifyInstance } from "fastify";
import { getAddress, pad, toHex } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import type { DevChain } from "../../server/chain/dev-chain";
import { createWithdrawalSender } from "../../server/domain/wallet/withdrawal-sender";
import { balanceSlot, chainControl } from "./helpers/chain-control";
import { operatorPost } from "./helpers/identity";
import { postRecharge, rechargeOf, walletUser, type WalletUser } from "./helpers/recharge";
import { createUserSession, randomAddress, type TestSession } from "./helpers/sessions";
import { systemMessages } from "./helpers/system-messages";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";
import { demoFunds } from "./helpers/withdraw";
import { withdrawDesk } from "./helpers/withdraw-desk";

const getDb = usePglite();
let app: FastifyInstance;
let chain: DevChain;
let user: WalletUser;
let operator: TestSession;

useChainApp(getDb, (running) => ({ app, chain } = running));
beforeEach(async () => {
  await resetDb(getDb());
  // Verified: the tests withdraw to other addresses (the identity rule, withdraw-request.ts).
  user = await walletUser(app, getDb(), { verified: true });
  operator = await createUserSession(getDb(), { role: "operator" });
});

const { anvil, mine } = chainControl(() => chain);
const { withdraw, decide } = withdrawDesk(() => ({ app, db: getDb(), user, operator }));
const WALLET_KINDS = [
  "recharge-credited",
  "recharge-rejected",
  "withdrawal-sent",
  "withdrawal-returned",
];
const messages = () => systemMessages(getDb(), user.userId, WALLET_KINDS);

describe("recharge outcomes", () => {
  it("tells the user of a credited recharge once, with its amount", async () => {
    const r = rechargeOf(await postRecharge(app, user, { amount: "25.5", voucher: user.voucher }));
    expect(await messages()).toEqual([]);
    const approve = () => operatorPost(app, operator, `/recharge/${r.id}/approve`);
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).statusCode).toBe(409);
    expect(await messages()).toEqual([{ kind: "recharge-credited", params: { amount: "25.5" } }]);
  });

  it("tells the user why a recharge was rejected", async () => {
    const r = rechargeOf(await postRecharge(app, user, { amount: "10", voucher: user.voucher }));
    const reject = await operatorPost(app, operator, `/recharge/${r.id}/reject`, {
      reason: "  The voucher does not show a transfer ",
    });
    expect(reject.statusCode).toBe(200);
    expect(await messages()).toEqual([
      {
        kind: "recharge-rejected",
        params: { amount: "10", reason: "The voucher does not show a transfer" },
      },
    ]);
  });
});

describe("withdrawal outcomes", () => {
  it("tells the user once when the transfer is confirmed, with the address and hash", async () => {
    await demoFunds(app, user, "100");
    const to = randomAddress();
    const w = await withdraw("40", to);
    await decide(w.id, "approve");
    const senders = [
      createWithdrawalSender(getDb(), app.chain),
      createWithdrawalSender(getDb(), app.chain),
    ];
    await Promise.all(senders.map((s) => s.tick()));
    expect(await messages()).toEqual([]); // sent, not yet confirmed
    await mine(2);
    await Promise.all(senders.map((s) => s.tick()));
    await Promise.all(senders.map((s) => s.tick()));
    const [sent] = await getDb().query<{ tx_hash: string; status: number }>(
      "SELECT tx_hash, status FROM withdrawals WHERE id = $1",
      [w.id],
    );
    expect(sent?.status).toBe(2);
    expect(await messages()).toEqual([
      {
        kind: "withdrawal-sent",
        params: { amount: "40", address: getAddress(to), txHash: sent?.tx_hash },
      },
    ]);
  });

  it("tells the user an operator's reject returned the amount and fee, with the reason", async () => {
    await demoFunds(app, user, "100");
    const w = await withdraw("30");
    await decide(w.id, "reject", "Destination is a sanctioned address");
    expect(await messages()).toEqual([
      {
        kind: "withdrawal-returned",
        params: { amount: "30", fee: "1", reason: "Destination is a sanctioned address" },
      },
    ]);
  });

  it("tells the user a transfer that failed on chain was returned", async () => {
    await demoFunds(app, user, "100");
    const w = await withdraw("60");
    await decide(w.id, "approve");
    const slot = balanceSlot(chain.hotWallet);
    const held = await chain.publicClient.getStorageAt({ address: chain.token, slot });
    await anvil().setStorageAt({ address: chain.token, index: slot, value: pad(toHex(0n)) });
    try {
      await createWithdrawalSender(getDb(), app.chain).tick();
    } finally {
      await anvil().setStorageAt({ address: chain.token, index: slot, value: held ?? pad("0x0") });
    }
    const [message] = await messages();
    expect(message).toMatchObject({
      kind: "withdrawal-returned",
      params: { amount: "60", fee: "1" },
    });
    expect(message?.params["reason"]).toMatch(
      /^The transfer failed on chain \(.+\); the amount and fee were returned$/,
    );
    expect(await messages()).toHaveLength(1);
  });
});
