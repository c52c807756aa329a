// POST/GET /wallet/recharge and the recharge watcher on the real app, PGlite and a real anvil dev
// chain (instant mining; blocks mined on demand add confirmations): a user's own wallet sends
// Test USDT to the deposit address, the server verifies it and credits bill 101 exactly once.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { parseUnits, type Hex } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import { API_BASE } from "../../protocol/paths";
import type { Recharge } from "../../protocol/wallet";
import type { DevChain } from "../../server/chain/dev-chain";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { createRechargeWatcher } from "../../server/domain/wallet/recharge-watcher";
import { pngImage } from "./helpers/images";
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
import { bearer, createUserSession } from "./helpers/sessions";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";
import { uploadImage } from "./helpers/uploads";

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
    const again = await postRecharge(app, user, body, "other-key");
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ Code: "CONFLICT" });
    const thief = await walletUser(app, getDb());
    const afterThief = await walletState(getDb());
    const stolen = await postRecharge(app, thief, { ...body, voucher: thief.voucher });
    expect(stolen.statusCode, stolen.body).toBe(409);
    expect(await walletState(getDb())).toEqual(afterThief);
    expect(afterThief.bills).toBe(before.bills);
    expect(await rechargeBills(getDb(), user.userId)).toHaveLength(1);
    expect(await rechargeBills(getDb(), thief.userId)).toEqual([]);
    await watcher().tick();
    expect(await rechargeBills(getDb(), user.userId)).toHaveLength(1);
    await expectLedgerOk();
  });

  it("sends to an operator, with the reason, what the chain does not confirm as the user's", async () => {
    const wrongAmount = await sendToDeposit(chain, user.account, "30");
    const reverted = await sendToDeposit(chain, user.account, "100000", 100_000n);
    expect((await chain.publicClient.getTransactionReceipt({ hash: reverted })).status).toBe(
      "reverted",
    );
    // The hot wallet's transfer to the deposit address: real, but not from this user's wallet.
    const othersHash = await chain.sendTestUsdt(chain.depositAddress, parseUnits("40", 6));
    await chain.publicClient.waitForTransactionReceipt({ hash: othersHash });
    await mine(chain, 2);
    const unknown = `0x${"ab".repeat(32)}` as Hex;
    const cases: [Hex, string, RegExp][] = [
      [wrongAmount, "31", /different USDT amount/],
      [reverted, "100000", /reverted/],
      [othersHash, "40", /another wallet than yours/],
    ];
    for (const [txHash, amount, reason] of cases) {
      const r = rechargeOf(
        await postRecharge(app, user, { amount, voucher: user.voucher, txHash }),
      );
      expect(r, txHash).toMatchObject({ status: 0, verification: "manual", txHash });
      expect(r.reason).toMatch(reason);
    }
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
    expect(counts?.n).toBe(4);
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

describe("POST /wallet/recharge without a tx hash", () => {
  it("waits for an operator; a replayed key answers the same recharge", async () => {
    const body = { amount: "10.000000", voucher: user.voucher.toUpperCase() };
    const first = rechargeOf(await postRecharge(app, user, body, "k1"));
    expect(first).toMatchObject({ amount: "10", status: 0, verification: "none", txHash: null });
    // "10" and "10.000000" are the same request.
    const replay = rechargeOf(await postRecharge(app, user, { ...body, amount: "10" }, "k1"));
    expect(replay).toEqual(first);
    const mismatch = await postRecharge(app, user, { ...body, amount: "11" }, "k1");
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    const [n] = await getDb().query<{ n: number }>("SELECT count(*)::int AS n FROM recharges");
    expect(n?.n).toBe(1);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const other = await createUserSession(getDb());
    const othersVoucher = (await uploadImage(app, other, await pngImage(), "voucher")).id;
    const identityPhoto = (await uploadImage(app, user, await pngImage(), "identity")).id;
    const v = user.voucher;
    const cases: [Record<string, unknown>, number, string, string | RegExp][] = [
      [{ voucher: v }, 400, "VALIDATION", "Please enter the amount"],
      [{ amount: "", voucher: v }, 400, "VALIDATION", "Please enter the amount"],
      [{ amount: 100, voucher: v }, 400, "VALIDATION", /decimal string/],
      [{ amount: "1e3", voucher: v }, 400, "VALIDATION", /decimal number/],
      [{ amount: "10.1234567", voucher: v }, 400, "VALIDATION", /more than 6 decimal places/],
      [{ amount: "9.99", voucher: v }, 422, "BELOW_MINIMUM", "Not less than the minimum amount"],
      [{ amount: "0", voucher: v }, 422, "BELOW_MINIMUM", "Not less than the minimum amount"],
      [{ amount: "10" }, 400, "VALIDATION", "Please upload the voucher"],
      [{ amount: "10", voucher: "" }, 400, "VALIDATION", "Please upload the voucher"],
      [{ amount: "10", voucher: "not-an-id" }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: randomUUID() }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: othersVoucher }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: identityPhoto }, 400, "VALIDATION", /voucher image you uploaded/],
      [{ amount: "10", voucher: v, txHash: "0x1234" }, 400, "VALIDATION", /"txHash" must be/],
      [{ amount: "10", voucher: v, txHash: 7 }, 400, "VALIDATION", /"txHash" must be/],
    ];
    const before = await walletState(getDb());
    for (const [body, status, code, message] of cases) {
      const response = await postRecharge(app, user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ Code: code, HttpStatusCode: status });
      const text = response.json<{ Message: string }>().Message;
      if (typeof message === "string") expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
    const noKey = await postRecharge(app, user, { amount: "10", voucher: v }, null);
    expect(noKey.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/wallet/recharge`,
      headers: { "idempotency-key": "x" },
      payload: { amount: "10", voucher: v },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await walletState(getDb())).toEqual(before);
  });

  it("lists the user's own recharges newest first, page by page", async () => {
    const ids: string[] = [];
    for (const amount of ["10", "11", "12"]) {
      ids.push(rechargeOf(await postRecharge(app, user, { amount, voucher: user.voucher })).id);
    }
    const other = await walletUser(app, getDb());
    rechargeOf(await postRecharge(app, other, { amount: "13", voucher: other.voucher }));
    const page1 = await app.inject({
      url: `${API_BASE}/wallet/recharge?limit=2`,
      headers: bearer(user),
    });
    const data1 = page1.json<{ Data: { items: Recharge[]; nextCursor: string | null } }>().Data;
    expect(data1.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const page2 = await app.inject({
      url: `${API_BASE}/wallet/recharge?limit=2&cursor=${data1.nextCursor ?? ""}`,
      headers: bearer(user),
    });
    const data2 = page2.json<{ Data: { items: Recharge[]; nextCursor: string | null } }>().Data;
    expect(data2).toEqual({
      items: [expect.objectContaining({ id: ids[0], amount: "10" })],
      nextCursor: null,
    });
  });
});
