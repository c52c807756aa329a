// The recharge review queue (/admin/recharge and `npm run admin -- recharges|recharge`) on the
// real app, PGlite and a real anvil dev chain; on PostgreSQL (DATABASE_URL) two watchers and an
// operator racing over one confirmed recharge still credit it once.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { parseUnits } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import { maskIdentifier } from "../../protocol/mask-identifier";
import { API_BASE } from "../../protocol/paths";
import type { AdminRechargeItem } from "../../protocol/wallet";
import { AttachedChain } from "../../server/chain/attached-chain";
import type { DevChain } from "../../server/chain/dev-chain";
import {
  commandFromJson,
  parseAdminArgs,
  runAdminCommand,
  type AdminCommand,
} from "../../server/cli/admin-commands";
import { describeResult } from "../../server/cli/describe-result";
import type { Db } from "../../server/db/db";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { cliActor, operatorActor } from "../../server/domain/operators/operator-actor";
import { approveRecharge } from "../../server/domain/wallet/recharge-review";
import { submitRecharge } from "../../server/domain/wallet/recharge-submit";
import { createRechargeWatcher } from "../../server/domain/wallet/recharge-watcher";
import { DomainError } from "../../server/domain/errors";
import { operatorPost } from "./helpers/identity";
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
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { useChainApp } from "./helpers/test-chain";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const getDb = usePglite();
let app: FastifyInstance;
let chain: DevChain;
let user: WalletUser;
let operator: TestSession;

useChainApp(getDb, (running) => ({ app, chain } = running), {
  app: { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } },
});
beforeEach(async () => {
  await resetDb(getDb());
  user = await walletUser(app, getDb());
  operator = await createUserSession(getDb(), { role: "operator" });
});

const itemOf = (response: { statusCode: number; body: string; json<T>(): T }) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: AdminRechargeItem }>().Data;
};

async function queue(status: string, session = operator) {
  return app.inject({ url: `${API_BASE}/admin/recharge${status}`, headers: bearer(session) });
}

async function expectLedgerOk(db: Db = getDb()): Promise<void> {
  const report = await checkLedger(db);
  expect(report.violations).toEqual([]);
}

describe("/admin/recharge", () => {
  it("is for operators only: 401 without a token, 403 for users, nothing changes", async () => {
    const r = rechargeOf(await postRecharge(app, user, { amount: "10", voucher: user.voucher }));
    const before = await walletState(getDb());
    expect((await app.inject({ url: `${API_BASE}/admin/recharge` })).statusCode).toBe(401);
    expect((await queue("", user)).statusCode).toBe(403);
    const approve = await operatorPost(app, user, `/recharge/${r.id}/approve`);
    expect(approve.statusCode).toBe(403);
    expect(approve.json()).toMatchObject({ Code: "FORBIDDEN" });
    expect(await walletState(getDb())).toEqual(before);
  });

  it("lists the queue and approves: bill 101 from deposits, reviewer and audit recorded, once", async () => {
    const r = rechargeOf(await postRecharge(app, user, { amount: "25.5", voucher: user.voucher }));
    const listed = (await queue("?status=0")).json<{ Data: { items: AdminRechargeItem[] } }>();
    expect(listed.Data.items).toEqual([
      expect.objectContaining({
        id: r.id,
        userId: user.userId,
        userAddress: user.account.address.toLowerCase(),
        amount: "25.5",
        voucherUrl: `${API_BASE}/storage/upload/${user.voucher}`,
        reviewerId: null,
      }),
    ]);
    const approved = itemOf(await operatorPost(app, operator, `/recharge/${r.id}/approve`));
    expect(approved).toMatchObject({
      status: 1,
      verification: "none",
      reviewerId: operator.userId,
    });
    expect(approved.reviewedAt).not.toBeNull();
    expect(await rechargeBills(getDb(), user.userId)).toEqual([
      { amount: "25500000", ref_id: r.id },
    ]);
    const [audit] = await getDb().query<{ action: string; actor_id: string }>(
      "SELECT action, actor_id FROM audit_log WHERE target_kind = 'recharge' AND target_id = $1",
      [r.id],
    );
    expect(audit).toEqual({ action: "recharge.approve", actor_id: operator.userId });
    const [change] = await getDb().query<{ data: { status: number } }>(
      "SELECT data FROM change_log WHERE user_id = $1 AND entity = 'recharge' ORDER BY seq DESC LIMIT 1",
      [user.userId],
    );
    expect(change?.data.status).toBe(1);

    const before = await walletState(getDb());
    for (const action of ["approve", "reject"]) {
      const again = await operatorPost(app, operator, `/recharge/${r.id}/${action}`, {
        reason: "late",
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ Message: string }>().Message).toContain("already credited");
    }
    expect((await operatorPost(app, operator, "/recharge/999999/approve")).statusCode).toBe(404);
    expect(await walletState(getDb())).toEqual(before);
    expect((await queue("?status=0")).json<{ Data: { items: unknown[] } }>().Data.items).toEqual(
      [],
    );
    await expectLedgerOk();
  });

  it("rejects with a reason the user reads (status 2, no bill); bad reasons change nothing", async () => {
    const r = rechargeOf(await postRecharge(app, user, { amount: "10", voucher: user.voucher }));
    const before = await walletState(getDb());
    for (const reason of ["   ", "x".repeat(501)]) {
      const bad = await operatorPost(app, operator, `/recharge/${r.id}/reject`, { reason });
      expect(bad.statusCode).toBe(400);
    }
    expect((await operatorPost(app, operator, `/recharge/${r.id}/reject`)).statusCode).toBe(400);
    expect(await walletState(getDb())).toEqual(before);
    const rejected = itemOf(
      await operatorPost(app, operator, `/recharge/${r.id}/reject`, {
        reason: "  The voucher does not show a transfer  ",
      }),
    );
    expect(rejected).toMatchObject({
      status: 2,
      reason: "The voucher does not show a transfer",
      reviewerId: operator.userId,
    });
    expect(await rechargeBills(getDb(), user.userId)).toEqual([]);
    const list = await app.inject({ url: `${API_BASE}/wallet/recharge`, headers: bearer(user) });
    expect(list.json()).toMatchObject({
      Data: { items: [{ id: r.id, status: 2, reason: "The voucher does not show a transfer" }] },
    });
    const again = await operatorPost(app, operator, `/recharge/${r.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ Message: string }>().Message).toContain("already rejected");
  });

  it("approving a transfer from another wallet records it, so it is never credited again", async () => {
    await fundWallet(chain, user.account.address, "100");
    const hash = await chain.sendTestUsdt(chain.depositAddress, parseUnits("60", 6));
    await chain.publicClient.waitForTransactionReceipt({ hash });
    await mine(chain, 2);
    const r = rechargeOf(
      await postRecharge(app, user, { amount: "60", voucher: user.voucher, txHash: hash }),
    );
    expect(r).toMatchObject({ status: 0, verification: "manual" });
    const approved = itemOf(await operatorPost(app, operator, `/recharge/${r.id}/approve`));
    expect(approved).toMatchObject({
      status: 1,
      verification: "manual",
      fromAddress: chain.hotWallet,
      chainId: chain.chainId,
    });
    const credited = await getDb().query("SELECT recharge_id FROM credited_deposits");
    expect(credited).toEqual([{ recharge_id: r.id }]);
    const thief = await walletUser(app, getDb());
    const claim = await postRecharge(app, thief, {
      amount: "60",
      voucher: thief.voucher,
      txHash: hash,
    });
    expect(claim.statusCode).toBe(409);
    expect(await rechargeBills(getDb(), user.userId)).toHaveLength(1);
    await expectLedgerOk();
  });
});

describe("npm run admin -- recharges | recharge", () => {
  const run = async (...args: string[]) => {
    const parsed = parseAdminArgs(args);
    if (parsed === "help" || "error" in parsed || "file" in parsed)
      throw new Error("not a command");
    // As the admin socket would carry it: JSON there and back.
    const command = commandFromJson(JSON.parse(JSON.stringify(parsed))) as AdminCommand;
    expect(command).toEqual(parsed);
    return describeResult(await runAdminCommand(getDb(), command, cliActor("olga")));
  };

  it("lists, approves and rejects through the same rules, audited as the shell user", async () => {
    const a = rechargeOf(await postRecharge(app, user, { amount: "10", voucher: user.voucher }));
    const b = rechargeOf(await postRecharge(app, user, { amount: "11", voucher: user.voucher }));
    const listing = await run("recharges", "0");
    expect(listing.split("\n")).toEqual([
      expect.stringMatching(new RegExp(`^${a.id}  under review  10 USDT  user ${user.userId} `)),
      expect.stringMatching(new RegExp(`^${b.id}  under review  11 USDT `)),
    ]);
    // Another person's address: masked by the seed's rule, whole only with --full.
    const address = user.account.address.toLowerCase();
    expect(listing).toContain(` ${maskIdentifier(address)} `);
    expect(listing).not.toContain(address);
    expect(await run("recharges", "0", "--full")).toContain(` ${address} `);
    expect(await run("recharge", "approve", a.id)).toBe(
      `Recharge ${a.id} approved: 10 USDT credited to user ${user.userId} (bill 101).`,
    );
    expect(await run("recharge", "reject", b.id, "No", "transfer", "found")).toBe(
      `Recharge ${b.id} rejected. Reason: No transfer found`,
    );
    expect(await run("recharges", "0")).toBe("No recharges.");
    expect(await run("recharges")).toContain(`${b.id}  rejected`);
    await expect(run("recharge", "approve", a.id)).rejects.toThrow(DomainError);
    const audits = await getDb().query<{ action: string; actor_label: string }>(
      "SELECT action, actor_label FROM audit_log WHERE target_kind = 'recharge' ORDER BY id",
    );
    expect(audits).toEqual([
      { action: "recharge.approve", actor_label: "cli:olga" },
      { action: "recharge.reject", actor_label: "cli:olga" },
    ]);
    expect(await rechargeBills(getDb(), user.userId)).toHaveLength(1);
  });

  it("refuses malformed commands with usage errors", () => {
    for (const args of [
      ["recharges", "3"],
      ["recharges", "0", "1"],
      ["recharge", "approve"],
      ["recharge", "approve", "x1"],
      ["recharge", "approve", "1", "2"],
      ["recharge", "reject", "1"],
      ["recharge", "delete", "1"],
    ]) {
      expect(parseAdminArgs(args), args.join(" ")).toHaveProperty("error");
    }
    expect(commandFromJson({ name: "recharge-reject", id: "1" })).toBeNull();
    expect(commandFromJson({ name: "recharge-list", status: 5 })).toBeNull();
  });
});

describePostgres(
  "a confirmed recharge raced by two watchers and an operator",
  (pg) => {
    it("is credited exactly once", async () => {
      const dbs = [pg.db(), pg.schema().open(), pg.schema().open()] as const;
      const account = privateKeyToAccount(generatePrivateKey());
      const session = await createUserSession(dbs[0], { address: account.address });
      const op = await createUserSession(dbs[0], { role: "operator" });
      const voucher = randomUUID();
      await dbs[0].query(
        `INSERT INTO uploads (id, user_id, purpose, mime, size, width, height, sha256)
         VALUES ($1, $2, 'voucher', 'image/png', 10, 1, 1, $3)`,
        [voucher, session.userId, "0".repeat(64)],
      );
      await fundWallet(chain, account.address, "100");
      const txHash = await sendToDeposit(chain, account, "75");
      const recharge = await submitRecharge(dbs[0], {
        userId: session.userId,
        address: session.address,
        chain,
        body: { amount: "75", voucher, txHash },
        idempotencyKey: "pg-race",
      });
      expect(recharge.verification).toBe("waiting");
      await mine(chain, 1);
      const attached = new AttachedChain();
      attached.attachDev(chain);
      const outcomes = await Promise.allSettled([
        createRechargeWatcher(dbs[1], attached).tick(),
        createRechargeWatcher(dbs[2], attached).tick(),
        approveRecharge(
          dbs[0],
          chain,
          operatorActor({ id: op.userId, username: "op" }),
          recharge.id,
        ),
      ]);
      expect(outcomes.slice(0, 2).map((o) => o.status)).toEqual(["fulfilled", "fulfilled"]);
      const bills = await rechargeBills(dbs[0], session.userId);
      expect(bills).toEqual([{ amount: "75000000", ref_id: recharge.id }]);
      const credited = await dbs[0].query("SELECT recharge_id FROM credited_deposits");
      expect(credited).toEqual([{ recharge_id: recharge.id }]);
      await expectLedgerOk(dbs[0]);
    });
  },
  { migrate: true },
);
