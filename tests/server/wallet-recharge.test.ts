// POST/GET /wallet/recharge and the recharge watcher on the real app, PGlite and a real anvil dev
// chain (instant mining; blocks mined on demand add confirmations): a user's own wallet sends
// Test USDT to the deposit address, the server verifies it and credits bill 101 exactly once.
// Without a tx hash: wallet-recharge-manual.test.ts.
import type { FastifyInstance } from "fastify";
import { parseUnits, type Hex } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Recharge } from "../../protocol/wallet";
import type { DevChain } from "../../server/chain/dev-chain";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { createRechargeWatcher } from "../../server/domain/wallet/recharge-watcher";
import {
  fundWallet,
  mine,
  postRecharge,
  rechargeBills,
  rechargeOf,
  sendToDeposit,
  walletState,
  walletUser,
  type WalletUser,
} from "./helpers/recharge";
import { bearer } from "./helpers/sessions";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let chain: DevChain;
let user: WalletUser;

useChainApp(getDb, (running) => ({ app, chain } = running), {
  app: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
});
beforeEach(async () => {
  await resetDb(getDb());
  user = await walletUser(app, getDb());
  await fundWallet(chain, user.account.address, "500");
});

const watcher = () => createRechargeWatcher(getDb(), app.chain);

async function expectLedgerOk(): Promise<void> {
  const report = await checkLedger(getDb());
  expect(report.violations).toEqual([]);
  expect(report.ok).toBe(true);
}

async function rechargeRow(id: string) {
  const [row] = await getDb().query<Record<string, unknown>>(
    "SELECT status, verification, reason, log_index, from_address, reviewer_id FROM recharges WHERE id = $1",
    [id],
  );
  return row;
}

describe("POST /wallet/recharge with a tx hash", () => {
  it("waits for confirmations, then the watcher credits bill 101 exactly once", async () => {
    const txHash = await sendToDeposit(chain, user.account, "120.5");
    const answer = rechargeOf(
      await postRecharge(app, user, { amount: "120.5", voucher: user.voucher, txHash }),
    );
    expect(answer).toMatchObject({
      amount: "120.5",
      status: 0,
      verification: "waiting",
      txHash,
      voucher: user.voucher,
      reason: null,
      reviewedAt: null,
    });
    // One confirmation of two: the watcher leaves it waiting.
    await watcher().tick();
    expect(await rechargeRow(answer.id)).toMatchObject({ status: 0, verification: "waiting" });
    expect(await rechargeBills(getDb(), user.userId)).toEqual([]);

    await mine(chain, 1);
    const first = watcher();
    const second = watcher();
    await Promise.all([first.tick(), second.tick()]);
    await first.tick();
    expect(await rechargeBills(getDb(), user.userId)).toEqual([
      { amount: "120500000", ref_id: answer.id },
    ]);
    expect(await rechargeRow(answer.id)).toMatchObject({
      status: 1,
      verification: "verified",
      reason: null,
      from_address: user.account.address,
      reviewer_id: null,
    });
    const credited = await getDb().query<{ tx_hash: string; recharge_id: string }>(
      "SELECT tx_hash, recharge_id FROM credited_deposits",
    );
    expect(credited).toEqual([{ tx_hash: txHash, recharge_id: answer.id }]);

    // The user's list and change log show it credited.
    const list = await app.inject({ url: `${API_BASE}/wallet/recharge`, headers: bearer(user) });
    const items = list.json<{ Data: { items: Recharge[] } }>().Data.items;
    expect(items).toMatchObject([{ id: answer.id, status: 1, verification: "verified" }]);
    const [change] = await getDb().query<{ data: Recharge }>(
      `SELECT data FROM change_log WHERE user_id = $1 AND entity = 'recharge' ORDER BY seq DESC LIMIT 1`,
      [user.userId],
    );
    expect(change?.data).toMatchObject({ id: answer.id, status: 1, amount: "120.5" });
    await expectLedgerOk();
  });

  it("credits at once when confirmed at submission; a replay or a second claim never credits again", async () => {
    const txHash = await sendToDeposit(chain, user.account, "50");
    await mine(chain, 1);
    const body = {
      amount: "50",
      voucher: user.voucher,
      txHash: txHash.toUpperCase().replace("0X", "0x"),
    };
    const first = await postRecharge(app, user, body, "same-key");
    expect(rechargeOf(first)).toMatchObject({ status: 1, verification: "verified", txHash });
    const replay = await postRecharge(app, user, body, "same-key");
    expect(replay.json()).toEqual(first.json());

    const before = await walletState(getDb());
    // The same user claiming it again (another key) gets the credited recharge, nothing new.
    const again = await postRecharge(app, user, body, "other-key");
    expect(rechargeOf(again)).toMatchObject({ id: rechargeOf(first).id, status: 1 });
    expect(await walletState(getDb())).toMatchObject({
      bills: before.bills,
      credited: before.credited,
    });
    const thief = await walletUser(app, getDb());
    const afterThief = await walletState(getDb());
    const stolen = await postRecharge(app, thief, { ...body, voucher: thief.voucher });
    expect(stolen.statusCode, stolen.body).toBe(422);
    expect(stolen.json()).toMatchObject({ Code: "NOT_YOUR_TRANSFER" });
    expect(await walletState(getDb())).toEqual(afterThief);
    expect(afterThief.bills).toBe(before.bills);
    expect(await rechargeBills(getDb(), user.userId)).toHaveLength(1);
    expect(await rechargeBills(getDb(), thief.userId)).toEqual([]);
    await watcher().tick();
    expect(await rechargeBills(getDb(), user.userId)).toHaveLength(1);
    await expectLedgerOk();
  });

  it("sends to an operator, with the reason, what the chain does not confirm as the user's", async () => {
    // (A claim the chain contradicts is refused outright: wallet-deposit-claims.test.ts.)
    // The hot wallet's transfer to the deposit address: real, but from no user's wallet.
    const othersHash = await chain.sendTestUsdt(chain.depositAddress, parseUnits("40", 6));
    await chain.publicClient.waitForTransactionReceipt({ hash: othersHash });
    await mine(chain, 2);
    const unknown = `0x${"ab".repeat(32)}` as Hex;
    const others = rechargeOf(
      await postRecharge(app, user, { amount: "40", voucher: user.voucher, txHash: othersHash }),
    );
    expect(others).toMatchObject({ status: 0, verification: "manual", txHash: othersHash });
    expect(others.reason).toMatch(/not your wallet nor any account's/);
    // A hash no node knows may still be on its way: it waits out a grace period, then an
    // operator checks it.
    const pending = rechargeOf(
      await postRecharge(app, user, { amount: "40", voucher: user.voucher, txHash: unknown }),
    );
    expect(pending).toMatchObject({ status: 0, verification: "waiting", reason: null });
    await watcher().tick();
    expect(await rechargeRow(pending.id)).toMatchObject({ verification: "waiting" });
    await getDb().query(
      "UPDATE recharges SET created_at = now() - interval '11 minutes' WHERE id = $1",
      [pending.id],
    );
    await watcher().tick();
    expect(await rechargeRow(pending.id)).toMatchObject({ status: 0, verification: "manual" });
    expect(String((await rechargeRow(pending.id))?.reason)).toMatch(
      /No transaction with this hash/,
    );
    expect(await rechargeBills(getDb(), user.userId)).toEqual([]);
    const [counts] = await getDb().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM recharges WHERE status = 0 AND verification = 'manual'",
    );
    expect(counts?.n).toBe(2);
    await expectLedgerOk();
  });

  it("hands a recharge still unconfirmed after 24 hours to an operator", async () => {
    const txHash = await sendToDeposit(chain, user.account, "20");
    const r = rechargeOf(
      await postRecharge(app, user, { amount: "20", voucher: user.voucher, txHash }),
    );
    expect(r.verification).toBe("waiting");
    await getDb().query(
      "UPDATE recharges SET created_at = now() - interval '25 hours' WHERE id = $1",
      [r.id],
    );
    await watcher().tick();
    expect(await rechargeRow(r.id)).toMatchObject({
      status: 0,
      verification: "manual",
      reason: expect.stringContaining("not confirmed within 24 hours"),
    });
    // Confirmations arriving later change nothing: an operator decides now.
    await mine(chain, 3);
    await watcher().tick();
    expect(await rechargeBills(getDb(), user.userId)).toEqual([]);
  });

  it("without a chain (production without chain config) waits for an operator, saying why", async () => {
    const production = await buildTestApp({
      db: getDb(),
      config: testConfig({
        QUANTA_MODE: "production",
        DATABASE_URL: "postgresql://unused.invalid/quanta",
        PUBLIC_ORIGIN: "https://quanta.example",
      }),
    });
    try {
      const txHash = `0x${"cd".repeat(32)}`;
      const r = rechargeOf(
        await postRecharge(production, user, { amount: "10", voucher: user.voucher, txHash }),
      );
      expect(r).toMatchObject({ status: 0, verification: "manual", txHash });
      expect(r.reason).toMatch(/could not verify this transaction/);
    } finally {
      await production.close();
    }
  });
});
