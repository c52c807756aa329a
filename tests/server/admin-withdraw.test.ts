// Operators decide withdrawals (/admin/withdraw, `npm run admin`), and the sender pays approved
// ones from the hot wallet of a real anvil dev chain: on-chain balances move by exactly the
// amount, bills 203 + 205 post once, a reject or a failed send returns amount + fee (204), and a
// transfer stored before a crash is broadcast again with the same hash and completes once.
import { tmpdir } from "node:os";
import path from "node:path";
import { mkdtempSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import {
  createTestClient,
  encodeAbiParameters,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  pad,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AssetsOverview, Bill } from "../../protocol/ledger";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { AdminWithdrawalItem, Withdrawal } from "../../protocol/wallet";
import type { DevChain } from "../../server/chain/dev-chain";
import { runAdminCli, type CliIo } from "../../server/cli/admin";
import { storeSignedTransfer } from "../../server/db/repositories/withdrawal-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { createWithdrawalSender } from "../../server/domain/wallet/withdrawal-sender";
import { bearer, createUserSession, randomAddress, type TestSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { startTestChain } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";
import { demoFunds, moneySnapshot, postWithdraw } from "./helpers/withdraw";

const getDb = usePglite();
let app: FastifyInstance;
let chain: DevChain;
let user: TestSession;
let operator: TestSession;

beforeAll(async () => {
  chain = await startTestChain();
  app = await buildTestApp({ db: getDb() });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await chain?.stop();
});
beforeEach(async () => {
  app.chain.attachDev(chain);
  await resetDb(getDb());
  user = await createUserSession(getDb());
  operator = await createUserSession(getDb(), { role: "operator" });
});

const anvil = () => createTestClient({ mode: "anvil", transport: http(chain.rpcUrl) });
const mine = (blocks = 1) => anvil().mine({ blocks });
const tokenBalance = (owner: string) =>
  chain.publicClient.readContract({
    address: chain.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [getAddress(owner)],
  });
// Anvil answers eth_sendRawTransaction before its automine has included the transfer.
const included = (hash: Hex) =>
  chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 10_000 });
const hotNonce = () =>
  chain.publicClient.getTransactionCount({ address: chain.hotWallet, blockTag: "pending" });
const ledgerOk = async () => expect((await checkLedger(getDb())).violations).toEqual([]);

async function withdraw(amount: string, address: string = randomAddress()): Promise<Withdrawal> {
  const response = await postWithdraw(app, user, { amount, address });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: Withdrawal }>().Data;
}

function admin(method: "GET" | "POST", url: string, payload?: object, session = operator) {
  return app.inject({
    method,
    url: `${API_BASE}/admin${url}`,
    headers: bearer(session),
    ...(payload ? { payload } : {}),
  });
}

async function decide(id: string, how: "approve" | "reject", reason?: string) {
  const response = await admin("POST", `/withdraw/${id}/${how}`, reason ? { reason } : undefined);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: AdminWithdrawalItem }>().Data;
}

async function rowOf(id: string): Promise<Withdrawal> {
  const [row] = await getDb().query<Withdrawal & { status: number }>(
    'SELECT id, status, tx_hash AS "txHash", reason FROM withdrawals WHERE id = $1',
    [id],
  );
  if (!row) throw new Error("no row");
  return row;
}

async function userBills(): Promise<Bill[]> {
  const r = await app.inject({ url: `${API_BASE}/assets/bills`, headers: bearer(user) });
  return r.json<{ Data: ListPage<Bill> }>().Data.items;
}

async function overview(): Promise<AssetsOverview> {
  const r = await app.inject({ url: `${API_BASE}/assets/overview`, headers: bearer(user) });
  return r.json<{ Data: AssetsOverview }>().Data;
}

/** The hot wallet's Test USDT balance slot (TestUSDT.sol: totalSupply is slot 0, balanceOf 1). */
const balanceSlot = (owner: Address): Hex =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [owner, 1n]));

describe("approve → send → confirmed", () => {
  it("pays exactly the amount on chain, then posts 203 + 205 once", async () => {
    await demoFunds(app, user, "1000");
    const to = randomAddress();
    const w = await withdraw("250.5", to);
    const approved = await decide(w.id, "approve");
    expect(approved).toMatchObject({ status: 1, reviewerId: operator.userId, userId: user.userId });
    expect(approved.reviewedAt).not.toBeNull();
    const hotBefore = await tokenBalance(chain.hotWallet);
    const nonceBefore = await hotNonce();

    // Two senders tick at once (two rounds, or two servers): one transfer, one settlement.
    const senders = [
      createWithdrawalSender(getDb(), app.chain),
      createWithdrawalSender(getDb(), app.chain),
    ];
    await Promise.all(senders.map((s) => s.tick()));
    const sending = await rowOf(w.id);
    expect(sending.status).toBe(1);
    expect(sending.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await hotNonce()).toBe(nonceBefore + 1);
    await included(sending.txHash as Hex);
    expect(await tokenBalance(to)).toBe(250_500_000n);
    expect(hotBefore - (await tokenBalance(chain.hotWallet))).toBe(250_500_000n);
    // One confirmation only (2 needed): still sending.
    await Promise.all(senders.map((s) => s.tick()));
    expect((await rowOf(w.id)).status).toBe(1);

    await mine();
    await Promise.all(senders.map((s) => s.tick()));
    await Promise.all(senders.map((s) => s.tick()));
    const done = await rowOf(w.id);
    expect(done).toMatchObject({ status: 2, txHash: sending.txHash });
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: sending.txHash as Hex });
    expect(receipt.status).toBe("success");
    const bills = (await userBills()).filter(
      (b) => b.ref.kind === "withdrawal" && b.ref.id === w.id,
    );
    expect(bills.map((b) => [b.type, b.amount])).toEqual([
      [205, "-1"],
      [203, "-250.5"],
      [201, "-251.5"],
    ]);
    expect((await overview()).usdt).toEqual({
      available: "748.5",
      frozen: "0",
      withdrawing: "0",
      withdrawn: "250.5",
    });
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await tokenBalance(to)).toBe(250_500_000n);
    const list = await app.inject({ url: `${API_BASE}/wallet/withdraw`, headers: bearer(user) });
    expect(list.json<{ Data: ListPage<Withdrawal> }>().Data.items[0]).toMatchObject({
      status: 2,
      txHash: sending.txHash,
      completedAt: expect.any(String),
    });
    await ledgerOk();
  });

  it("rebroadcasts a transfer stored before a crash with the same hash, and completes it once", async () => {
    await demoFunds(app, user, "100");
    const to = randomAddress();
    const w = await withdraw("40", to);
    await decide(w.id, "approve");
    const nonceBefore = await hotNonce();
    // The sender's first half, then a "crash": signed and stored, never broadcast.
    let stored: Hex | undefined;
    await expect(
      chain.hotWalletSender.transfer({
        to: getAddress(to),
        units: 40_000_000n,
        beforeBroadcast: async (signed) => {
          await getDb().transaction((tx) => storeSignedTransfer(tx, w.id, signed));
          stored = signed.hash;
          throw new Error("crash before broadcast");
        },
      }),
    ).rejects.toThrow("crash before broadcast");
    expect(await hotNonce()).toBe(nonceBefore);
    expect(await tokenBalance(to)).toBe(0n);

    const sender = createWithdrawalSender(getDb(), app.chain);
    await sender.tick(); // rebroadcast
    await included(stored as Hex);
    expect(await tokenBalance(to)).toBe(40_000_000n);
    await mine();
    await sender.tick();
    await sender.tick();
    expect(await rowOf(w.id)).toMatchObject({ status: 2, txHash: stored });
    expect(await hotNonce()).toBe(nonceBefore + 1);
    expect(await tokenBalance(to)).toBe(40_000_000n);
    expect((await userBills()).filter((b) => b.type === 203)).toHaveLength(1);
    await ledgerOk();
  });
});

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

describe("GET /admin/withdraw and the CLI", () => {
  it("lists the queue oldest first and decisions newest first; the CLI decides the same way", async () => {
    await demoFunds(app, user, "100");
    const a = await withdraw("10");
    const b = await withdraw("11");
    const c = await withdraw("12");
    const queue = await admin("GET", "/withdraw?status=0&limit=2");
    const page = queue.json<{ Data: ListPage<AdminWithdrawalItem> }>().Data;
    expect(page.items.map((w) => w.id)).toEqual([a.id, b.id]);
    expect(page.items[0]).toMatchObject({ userId: user.userId, userAddress: user.address });
    expect(page.nextCursor).toBe(b.id);

    const lines: string[] = [];
    const io: CliIo = { out: (t) => lines.push(t), err: (t) => lines.push(`ERR ${t}`) };
    const env = {
      ...process.env,
      QUANTA_MODE: "demo",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "q-")),
    };
    // The CLI opens its own database; here the commands run against the test's through the
    // same runner the admin socket uses.
    const { runAdminCommand, describeResult } = await import("../../server/cli/admin-commands");
    const actor = { id: null, label: "cli:test" };
    const rejected = await runAdminCommand(
      getDb(),
      { name: "withdrawal-reject", id: c.id, reason: "Typo in address" },
      actor,
    );
    expect(describeResult(rejected)).toBe(
      `Withdrawal ${c.id} rejected: 12 USDT + 1 fee returned to user ${user.userId} (bill 204). Reason: Typo in address`,
    );
    const approved = await runAdminCommand(
      getDb(),
      { name: "withdrawal-approve", id: a.id },
      actor,
    );
    expect(describeResult(approved)).toContain(`Withdrawal ${a.id} approved`);
    const listed = describeResult(
      await runAdminCommand(
        getDb(),
        { name: "withdrawal-list", status: null, cursor: null },
        actor,
      ),
    );
    expect(listed.split("\n").map((l) => l.split("  ").slice(0, 2).join(" "))).toEqual([
      `${c.id} failed`,
      `${b.id} under review`,
      `${a.id} sending`,
    ]);
    expect(await runAdminCli(["withdrawals", "7"], env, io)).toBe(2);
    expect(await runAdminCli(["withdrawal", "reject", "1"], env, io)).toBe(2);
    expect(lines.join("\n")).toContain('"withdrawal reject <id>" needs a reason');
    const audit = await getDb().query<{ action: string; actor_label: string }>(
      "SELECT action, actor_label FROM audit_log ORDER BY id",
    );
    expect(audit).toEqual([
      { action: "withdrawal.reject", actor_label: "cli:test" },
      { action: "withdrawal.approve", actor_label: "cli:test" },
    ]);
    await ledgerOk();
  });
});
