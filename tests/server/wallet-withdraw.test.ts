// GET /wallet/withdraw/config, POST and GET /wallet/withdraw and the overview's withdrawal
// numbers on the real app (PGlite) with a real anvil dev chain attached: every refusal answers
// exactly and changes nothing; an accepted request freezes amount + fee (bill 201).
import type { FastifyInstance } from "fastify";
import { getAddress } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import type { AssetsOverview, Bill } from "../../protocol/ledger";
import type { ListPage } from "../../protocol/list";
import { API_BASE } from "../../protocol/paths";
import {
  WITHDRAW_IDENTITY_RULE,
  type Withdrawal,
  type WithdrawConfig,
} from "../../protocol/wallet";
import type { DevChain } from "../../server/chain/dev-chain";
import { checkLedger } from "../../server/domain/ledger/check-ledger";
import { bearer, createUserSession, randomAddress, type TestSession } from "./helpers/sessions";
import { syncAll } from "./helpers/sync";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";
import { demoFunds, moneySnapshot, postWithdraw } from "./helpers/withdraw";

const getDb = usePglite();
let app: FastifyInstance;
let chain: DevChain;
let user: TestSession;

// Attached only where a test needs the hot wallet: the rest show what works without one.
useChainApp(getDb, (running) => ({ app, chain } = running), { attach: false });
beforeEach(async () => {
  app.chain.detach();
  await resetDb(getDb());
  user = await createUserSession(getDb(), { verified: true });
});

async function get<T>(url: string): Promise<T> {
  const response = await app.inject({ url: `${API_BASE}${url}`, headers: bearer(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Data: T }>().Data;
}

const ledgerOk = async () => expect((await checkLedger(getDb())).violations).toEqual([]);

describe("GET /wallet/withdraw/config", () => {
  it("shows the fee, the limits and the chain before confirming", async () => {
    const none = await get<WithdrawConfig>("/wallet/withdraw/config");
    expect(none).toEqual({
      fee: "1",
      minAmount: "10",
      maxAmount: "50000",
      chainId: null,
      network: "ERC20",
    });
    app.chain.attachDev(chain);
    expect((await get<WithdrawConfig>("/wallet/withdraw/config")).chainId).toBe(31337);
    const anonymous = await app.inject({ url: `${API_BASE}/wallet/withdraw/config` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /wallet/withdraw", () => {
  it("freezes amount + fee as bill 201, checksums the address and syncs the withdrawal", async () => {
    await demoFunds(app, user, "500");
    const to = randomAddress(); // lower case: accepted and checksummed
    const response = await postWithdraw(app, user, { amount: "100.5", address: to });
    expect(response.statusCode, response.body).toBe(200);
    const withdrawal = response.json<{ Data: Withdrawal }>().Data;
    expect(withdrawal).toMatchObject({
      amount: "100.5",
      fee: "1",
      address: getAddress(to),
      status: 0,
      txHash: null,
      reviewedAt: null,
      completedAt: null,
      reason: null,
    });
    expect(withdrawal.address).not.toBe(to);

    const bills = await get<ListPage<Bill>>("/assets/bills");
    expect(bills.items[0]).toMatchObject({
      type: 201,
      amount: "-101.5",
      balanceAfter: "398.5",
      ref: { kind: "withdrawal", id: withdrawal.id },
    });
    const overview = await get<AssetsOverview>("/assets/overview");
    expect(overview.usdt).toEqual({
      available: "398.5",
      frozen: "101.5",
      withdrawing: "101.5",
      withdrawn: "0",
    });
    const { changes } = await syncAll(app, user);
    expect(changes.filter((c) => c.entity === "withdrawal")).toEqual([
      { entity: "withdrawal", id: withdrawal.id, op: "put", data: withdrawal },
    ]);
    const list = await get<ListPage<Withdrawal>>("/wallet/withdraw");
    expect(list).toEqual({ items: [withdrawal], nextCursor: null });
    await ledgerOk();
  });

  it("lists newest first with a cursor", async () => {
    await demoFunds(app, user, "100");
    const ids: string[] = [];
    for (const amount of ["10", "11", "12"]) {
      const r = await postWithdraw(app, user, { amount, address: randomAddress() });
      ids.push(r.json<{ Data: Withdrawal }>().Data.id);
    }
    const first = await get<ListPage<Withdrawal>>("/wallet/withdraw?limit=2");
    expect(first.items.map((w) => w.amount)).toEqual(["12", "11"]);
    expect(first.nextCursor).toBe(ids[1]);
    const rest = await get<ListPage<Withdrawal>>(`/wallet/withdraw?limit=2&cursor=${ids[1]}`);
    expect(rest).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    // Another user sees none of them.
    const other = await createUserSession(getDb());
    const theirs = await app.inject({ url: `${API_BASE}/wallet/withdraw`, headers: bearer(other) });
    expect(theirs.json<{ Data: ListPage<Withdrawal> }>().Data.items).toEqual([]);
  });

  it("answers a replayed Idempotency-Key with the same withdrawal; another body is 409", async () => {
    await demoFunds(app, user, "100");
    const to = randomAddress();
    const first = await postWithdraw(app, user, { amount: "20", address: to }, "same");
    const replay = await postWithdraw(
      app,
      user,
      { amount: "20.000", address: getAddress(to) },
      "same",
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await postWithdraw(app, user, { amount: "21", address: to }, "same");
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ Code: "IDEMPOTENCY_MISMATCH" });
    const rows = await getDb().query("SELECT id FROM withdrawals");
    expect(rows).toHaveLength(1);
    expect((await get<AssetsOverview>("/assets/overview")).usdt.frozen).toBe("21");
    await ledgerOk();
  });

  const address = "0x8ba1f109551bD432803012645Ac136ddd64DBA72"; // a valid EIP-55 address
  it.each([
    [{ address }, 400, "VALIDATION", "Please enter the amount"],
    [{ amount: "", address }, 400, "VALIDATION", "Please enter the amount"],
    [
      { amount: 100, address },
      400,
      "VALIDATION",
      'Invalid body: "amount" must be a decimal string such as "100.5"',
    ],
    [
      { amount: "1e3", address },
      400,
      "VALIDATION",
      'Invalid body: "amount" must be a positive decimal number such as "100.5"',
    ],
    [
      { amount: "10.0000001", address },
      400,
      "VALIDATION",
      'Invalid body: "amount" has more than 6 decimal places',
    ],
    [{ amount: "9.999999", address }, 422, "BELOW_MINIMUM", "Not less than the minimum amount"],
    [{ amount: "0", address }, 422, "BELOW_MINIMUM", "Not less than the minimum amount"],
    [
      { amount: "50000.000001", address },
      422,
      "VALIDATION",
      "Not more than the maximum amount: one withdrawal may send at most 50000 USDT",
    ],
    [{ amount: "10" }, 400, "VALIDATION", "Please enter the address to withdraw to"],
    [
      { amount: "10", address: "0x1234" },
      400,
      "VALIDATION",
      'Invalid body: "address" must be an Ethereum address: 0x followed by 40 hex characters',
    ],
    [
      { amount: "10", address: 42 },
      400,
      "VALIDATION",
      'Invalid body: "address" must be an Ethereum address: 0x followed by 40 hex characters',
    ],
    [
      { amount: "10", address: "0x8ba1f109551bD432803012645Ac136ddd64DBa72" },
      400,
      "VALIDATION",
      'Invalid body: "address" fails its EIP-55 checksum; check it for a typo',
    ],
    [
      { amount: "10", address: `0x${"0".repeat(40)}` },
      422,
      "DESTINATION_NOT_ALLOWED",
      "You cannot withdraw to the zero address: USDT sent there is lost for good",
    ],
    [{ amount: "100", address }, 422, "INSUFFICIENT_BALANCE", "Insufficient available balance"],
    // The fee is frozen with the amount: the whole balance cannot leave.
    [{ amount: "50", address }, 422, "INSUFFICIENT_BALANCE", "Insufficient available balance"],
  ])("refuses %j with %i %s and changes nothing", async (body, status, code, message) => {
    await demoFunds(app, user, "50");
    const before = await moneySnapshot(getDb());
    const response = await postWithdraw(app, user, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ HttpStatusCode: status, Code: code, Message: message });
    expect(await moneySnapshot(getDb())).toEqual(before);
    await ledgerOk();
  });

  it.each([
    [{ amount: "", address }, 400, "VALIDATION", { field: "amount", rule: "required" }],
    [
      { amount: "10.0000001", address },
      400,
      "VALIDATION",
      { field: "amount", rule: "decimals", limit: "6" },
    ],
    [{ amount: "9", address }, 422, "BELOW_MINIMUM", { asset: "USDT", minimum: "10" }],
    [
      { amount: "50000.000001", address },
      422,
      "VALIDATION",
      { field: "amount", rule: "maximum-amount", limit: "50000" },
    ],
    [{ amount: "10", address: "0x1234" }, 400, "VALIDATION", { field: "address", rule: "format" }],
    [{ amount: "10", address: 42 }, 400, "VALIDATION", { field: "address" }],
    [
      { amount: "10", address: `0x${"0".repeat(40)}` },
      422,
      "DESTINATION_NOT_ALLOWED",
      { destination: "zero-address" },
    ],
    // 50 available; 100 + the fee needed.
    [
      { amount: "100", address },
      422,
      "INSUFFICIENT_BALANCE",
      { asset: "USDT", available: "50", needed: "101" },
    ],
  ])(
    "refuses %j with %i %s and the params the app words it from",
    async (body, status, code, params) => {
      await demoFunds(app, user, "50");
      const response = await postWithdraw(app, user, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ Code: code, Params: params });
    },
  );

  it.each([
    ["the USDT contract", () => chain.token, /the USDT contract itself/],
    ["the deposit address", () => chain.depositAddress, /deposit or hot-wallet address/],
    ["the hot wallet", () => chain.hotWallet, /deposit or hot-wallet address/],
    ["the hot wallet in lower case", () => chain.hotWallet.toLowerCase(), /hot-wallet/],
  ])(
    "refuses a withdrawal to %s with 422 DESTINATION_NOT_ALLOWED, changing nothing",
    async (_, to, message) => {
      app.chain.attachDev(chain);
      await demoFunds(app, user, "50");
      const before = await moneySnapshot(getDb());
      const response = await postWithdraw(app, user, { amount: "10", address: to() });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ Code: "DESTINATION_NOT_ALLOWED" });
      expect(response.json<{ Message: string }>().Message).toMatch(message);
      expect(await moneySnapshot(getDb())).toEqual(before);
      await ledgerOk();
    },
  );

  it("accepts an all-upper-case address and checksums it; refuses a missing key or token", async () => {
    await demoFunds(app, user, "50");
    const before = await moneySnapshot(getDb());
    const noKey = await postWithdraw(app, user, { amount: "10", address }, null);
    expect(noKey.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/wallet/withdraw`,
      headers: { "idempotency-key": "k" },
      payload: { amount: "10", address },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await moneySnapshot(getDb())).toEqual(before);
    const upper = `0x${address.slice(2).toUpperCase()}`;
    const ok = await postWithdraw(app, user, { amount: "49", address: upper });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ Data: Withdrawal }>().Data.address).toBe(address);
    expect((await get<AssetsOverview>("/assets/overview")).usdt).toMatchObject({
      available: "0",
      frozen: "50",
    });
  });
});

describe("the identity rule", () => {
  const other = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

  it("refuses another address before identity passed (422 IDENTITY_REQUIRED) and changes nothing", async () => {
    for (const status of [null, 0, 2] as const) {
      const unverified = await createUserSession(getDb());
      if (status !== null) await submission(unverified.userId, status);
      await demoFunds(app, unverified, "100");
      const before = await moneySnapshot(getDb());
      const response = await postWithdraw(app, unverified, { amount: "20", address: other });
      expect(response.statusCode, `identity ${status}`).toBe(422);
      expect(response.json()).toMatchObject({
        Code: "IDENTITY_REQUIRED",
        Message: WITHDRAW_IDENTITY_RULE,
      });
      expect(await moneySnapshot(getDb())).toEqual(before);
    }
    await ledgerOk();
  });

  it("always allows the user's own signed-in wallet, in any letter case, unverified", async () => {
    const unverified = await createUserSession(getDb());
    const own = unverified.address ?? "";
    await demoFunds(app, unverified, "100");
    const lower = await postWithdraw(app, unverified, { amount: "20", address: own });
    expect(lower.statusCode, lower.body).toBe(200);
    const checksummed = await postWithdraw(app, unverified, {
      amount: "20",
      address: getAddress(own),
    });
    expect(checksummed.statusCode, checksummed.body).toBe(200);
    expect(checksummed.json<{ Data: Withdrawal }>().Data.address).toBe(getAddress(own));
    await ledgerOk();
  });

  it("allows another address once identity passed", async () => {
    const verified = await createUserSession(getDb(), { verified: true });
    await demoFunds(app, verified, "100");
    const response = await postWithdraw(app, verified, { amount: "20", address: other });
    expect(response.statusCode, response.body).toBe(200);
  });
});

/** A submission of `status` for the user (0 under review, 2 rejected), without an operator. */
async function submission(userId: string, status: 0 | 2): Promise<void> {
  const [upload] = await getDb().query<{ id: string }>(
    `INSERT INTO uploads (user_id, purpose, mime, size, width, height, sha256)
     VALUES ($1, 'identity', 'image/png', 1, 1, 1, $2) RETURNING id`,
    [userId, "0".repeat(64)],
  );
  await getDb().query(
    `INSERT INTO identity_submissions (user_id, name, id_number, id_type, photo_upload_id, status, reason,
       reviewed_at)
     VALUES ($1, 'Test User', 'X1234567', 1, $2, $3, $4, $5)`,
    [
      userId,
      upload?.id ?? null,
      status,
      status === 2 ? "unreadable photo" : null,
      status === 0 ? null : new Date(),
    ],
  );
}
