// /admin/chain (issue 22): the dashboard's balances read on a real anvil dev chain at one block,
// next to the ledger's view, and a recharge's transaction looked up; no chain or a dead node is
// a 200 with its state, a malformed hash a 400. On PGlite, and on PostgreSQL with DATABASE_URL.
import type { FastifyInstance } from "fastify";
import { createPublicClient, erc20Abi, http, parseUnits, zeroHash } from "viem";
import { anvil } from "viem/chains";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminChainBalances, AdminChainTransaction } from "../../protocol/admin-chain";
import { API_BASE } from "../../protocol/paths";
import type { DevChain } from "../../server/chain/dev-chain";
import type { Db } from "../../server/db/db";
import { sealAll } from "../../server/domain/ledger/seal-ledger";
import { HOT_WALLET_FLOAT } from "../../server/chain/dev-chain";
import { operatorPost } from "./helpers/identity";
import { freePort } from "./helpers/net";
import {
  fundWallet,
  mine,
  postRecharge,
  rechargeOf,
  sendToDeposit,
  walletUser,
} from "./helpers/recharge";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { buildTestApp } from "./helpers/test-app";
import { useChainApp } from "./helpers/test-chain";
import { describePostgres, resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
let pgliteApp: FastifyInstance;
let chain: DevChain;
const RATE = { rateLimit: { max: 1_000_000, timeWindowMs: 60_000 } };

useChainApp(getDb, (running) => ({ app: pgliteApp, chain } = running), { app: RATE });

function get<T>(app: FastifyInstance, session: { token: string }, path: string) {
  return app
    .inject({ url: `${API_BASE}/admin/chain/${path}`, headers: bearer(session) })
    .then((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ Data: T }>().Data;
    });
}

/** A node that is not there: a port nothing listens on. */
async function deadEndpoint(): Promise<Parameters<FastifyInstance["chain"]["attachEndpoint"]>[0]> {
  const rpcUrl = `http://127.0.0.1:${await freePort()}`;
  return {
    ...chain,
    rpcUrl,
    publicClient: createPublicClient({ chain: anvil, transport: http(rpcUrl, { retryCount: 0 }) }),
  };
}

function suite(getApp: () => FastifyInstance, db: () => Db) {
  let operator: TestSession;
  beforeEach(async () => {
    await resetDb(db());
    getApp().chain.attachDev(chain);
    operator = await createUserSession(db(), { role: "operator" });
  });

  it("reads the hot wallet and the deposit address at one block, next to the ledger", async () => {
    const app = getApp();
    const user = await walletUser(app, db());
    await fundWallet(chain, user.account.address, "40");
    const before = await get<AdminChainBalances>(app, operator, "balances");
    expect(before.chain.state).toBe("read");
    if (before.chain.state !== "read") return;
    expect(before.chain.deposits.count).toBe(1);

    await sendToDeposit(chain, user.account, "12.5");
    await mine(chain, 2);
    const r = rechargeOf(await postRecharge(app, user, { amount: "12.5", voucher: user.voucher }));
    expect((await operatorPost(app, operator, `/recharge/${r.id}/approve`)).statusCode).toBe(200);
    await sealAll(db());

    const after = await get<AdminChainBalances>(app, operator, "balances");
    const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    expect(after.chain).toMatchObject({
      state: "read",
      chainId: chain.chainId,
      blockNumber: head.toString(),
      token: chain.token,
      deposits: {
        count: 1,
        largest: [{ address: chain.depositAddress }],
      },
      hotWallet: { address: chain.hotWallet },
    });
    if (after.chain.state !== "read" || after.chain.hotWallet === null) return;
    // The chain's numbers are the chain's: compare with what the node says now.
    const onChain = await chain.publicClient.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [chain.depositAddress],
    });
    expect(parseUnits(after.chain.deposits.total, 6)).toBe(onChain);
    expect(parseUnits(after.chain.deposits.total, 6)).toBe(
      parseUnits(before.chain.deposits.total, 6) + parseUnits("12.5", 6),
    );
    expect(parseUnits(after.chain.hotWallet.usdt, 6)).toBeLessThan(HOT_WALLET_FLOAT);
    const eth = await chain.publicClient.getBalance({ address: chain.hotWallet });
    expect(parseUnits(after.chain.hotWallet.eth, 18)).toBe(eth);
    // The ledger: 12.5 credited from the deposits account (sealed), nothing withdrawn.
    expect(after.ledger).toEqual({ depositsCredited: "12.5", withdrawalsSent: "0" });
  });

  it("looks a recharge's transaction up: status, confirmations, sender, transfer to us", async () => {
    const app = getApp();
    const user = await walletUser(app, db());
    await fundWallet(chain, user.account.address, "30");
    const hash = await sendToDeposit(chain, user.account, "7.25");
    const first = await get<AdminChainTransaction>(app, operator, `transactions/${hash}`);
    expect(first).toMatchObject({
      state: "success",
      chainId: chain.chainId,
      confirmations: 1,
      confirmationsRequired: 2,
      from: user.account.address,
      to: chain.token,
      transfers: [{ from: user.account.address, to: chain.depositAddress, usdt: "7.25" }],
    });
    await mine(chain, 2);
    const later = await get<AdminChainTransaction>(app, operator, `transactions/${hash}`);
    expect(later).toMatchObject({ state: "success", confirmations: 3 });

    // A reverted transfer (more than the wallet holds, gas given so it is mined anyway).
    const failed = await sendToDeposit(chain, user.account, "1000", 100_000n);
    expect(await get(app, operator, `transactions/${failed}`)).toMatchObject({
      state: "reverted",
      transfers: [],
    });
    // Unknown hash: not found, with the head it was looked for at.
    expect(await get(app, operator, `transactions/${zeroHash}`)).toMatchObject({
      state: "not-found",
      chainId: chain.chainId,
    });
  });

  it("refuses a malformed hash with 400 VALIDATION, before any chain read", async () => {
    const app = getApp();
    for (const bad of ["0x1234", `0x${"g".repeat(64)}`, `${"a".repeat(66)}`, `${zeroHash}00`]) {
      const response = await app.inject({
        url: `${API_BASE}/admin/chain/transactions/${bad}`,
        headers: bearer(operator),
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ Code: "VALIDATION" });
    }
  });

  it("answers the chain's state when there is none or it does not answer, not a 500", async () => {
    const app = getApp();
    app.chain.detach();
    const none = await get<AdminChainBalances>(app, operator, "balances");
    expect(none.chain).toEqual({ state: "no-chain" });
    expect(none.ledger).toEqual({ depositsCredited: "0", withdrawalsSent: "0" });
    expect(await get(app, operator, `transactions/${zeroHash}`)).toEqual({ state: "no-chain" });

    app.chain.attachEndpoint(await deadEndpoint());
    const dead = await get<AdminChainBalances>(app, operator, "balances");
    expect(dead.chain).toEqual({ state: "unreachable" });
    expect(dead.ledger.depositsCredited).toBe("0");
    expect(await get(app, operator, `transactions/${zeroHash}`)).toEqual({
      state: "unreachable",
    });
  });

  it("is for operators with read: support reads it, a wallet user gets 403", async () => {
    const app = getApp();
    const support = await createUserSession(db(), { role: "support" });
    expect((await get<AdminChainBalances>(app, support, "balances")).chain.state).toBe("read");
    const user = await createUserSession(db());
    const response = await app.inject({
      url: `${API_BASE}/admin/chain/balances`,
      headers: bearer(user),
    });
    expect(response.statusCode).toBe(403);
    expect((await app.inject({ url: `${API_BASE}/admin/chain/balances` })).statusCode).toBe(401);
  });
}

describe("/admin/chain on PGlite", () => {
  suite(() => pgliteApp, getDb);
});

describePostgres(
  "/admin/chain on PostgreSQL",
  (pg) => {
    let pgApp: FastifyInstance | undefined;
    beforeAll(async () => {
      pgApp = await buildTestApp({ db: pg.db(), ...RATE });
      return () => pgApp?.close();
    });
    suite(() => {
      if (!pgApp) throw new Error("the PostgreSQL app starts in beforeAll");
      return pgApp;
    }, pg.db);
  },
  { migrate: true },
);
