// Operators approve withdrawals (/admin/withdraw, `npm run admin`), and the sender pays them
// from the hot wallet of a real anvil dev chain: on-chain balances move by exactly the amount,
// bills 203 + 205 post once, and a transfer stored before a crash is broadcast again with the
// same hash and completes once. Failures: admin-withdraw-failures.test.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { getAddress, type Hex } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import type { AdminWithdrawalItem, Withdrawal } from "../../protocol/wallet";
import type { DevChain } from "../../server/chain/dev-chain";
import { runAdminCli, type CliIo } from "../../server/cli/admin";
import { storeSignedTransfer } from "../../server/db/repositories/withdrawal-repository";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { createWithdrawalSender } from "../../server/domain/wallet/withdrawal-sender";
import { chainControl } from "./helpers/chain-control";
import { bearer, createUserSession, randomAddress, type TestSession } from "./helpers/sessions";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";
import { demoFunds } from "./helpers/withdraw";
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

const { mine, tokenBalance, included, hotNonce } = chainControl(() => chain);
const { admin, withdraw, decide, rowOf, userBills, overview } = withdrawDesk(() => ({
  app,
  db: getDb(),
  user,
  operator,
}));
const ledgerOk = async () => expect((await checkLedger(getDb())).violations).toEqual([]);

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

describe("two-person withdrawals on the dev chain", () => {
  it("a large withdrawal is not sent after one approval, and is sent once after a second operator's", async () => {
    const second = await createUserSession(getDb(), { role: "operator" });
    await demoFunds(app, user, "2000");
    const to = randomAddress();
    const w = await withdraw("1500", to);
    expect(await decide(w.id, "approve")).toMatchObject({ status: 0, approvalsRequired: 2 });
    const sender = createWithdrawalSender(getDb(), app.chain);
    const nonceBefore = await hotNonce();
    await sender.tick();
    // One approval of two: nothing signed, nothing sent.
    expect(await rowOf(w.id)).toMatchObject({ status: 0, txHash: null });
    expect(await hotNonce()).toBe(nonceBefore);

    const response = await admin("POST", `/withdraw/${w.id}/approve`, undefined, second);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ Data: AdminWithdrawalItem }>().Data).toMatchObject({
      status: 1,
      reviewerId: second.userId,
      approvals: [{ operatorId: operator.userId }, { operatorId: second.userId }],
    });
    await sender.tick();
    const sending = await rowOf(w.id);
    await included(sending.txHash as Hex);
    await mine();
    await sender.tick();
    await sender.tick();
    expect(await rowOf(w.id)).toMatchObject({ status: 2, txHash: sending.txHash });
    expect(await tokenBalance(to)).toBe(1_500_000_000n);
    expect(await hotNonce()).toBe(nonceBefore + 1);
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
    const { runAdminCommand } = await import("../../server/cli/admin-commands");
    const { describeResult } = await import("../../server/cli/describe-result");
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
        { name: "withdrawal-list", full: false, status: null, cursor: null },
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
