// GET /wallet/deposit, POST /wallet/faucet and the /api/v1/rpc relay on the real app over a real
// anvil dev chain (one per file; instant mining keeps it fast).
import type { FastifyInstance } from "fastify";
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, type Address, type Hex } from "viem";
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEPOSIT_MIN_AMOUNT, FAUCET_AMOUNT, type DepositInfo } from "../../protocol/chain";
import { API_BASE, RPC_PATH } from "../../protocol/paths";
import { DEV_MNEMONIC } from "../../server/chain/anvil-process";
import { FAUCET_GAS, type DevChain } from "../../server/chain/dev-chain";
import { loadPlatformKeys } from "../../server/chain/platform-keys";
import { RPC_BODY_LIMIT } from "../../server/routes/rpc/index";
import { bearer, createUserSession, type TestSession } from "./helpers/sessions";
import { buildTestApp, testConfig } from "./helpers/test-app";
import { useChainApp } from "./helpers/test-chain";
import { resetDb, usePglite } from "./helpers/test-db";

const getDb = usePglite();
let app: FastifyInstance;
let production: FastifyInstance;
let chain: DevChain;
let user: TestSession;
let keyCounter = 0;

useChainApp(getDb, (running) => ({ app, chain } = running));
beforeAll(async () => {
  production = await buildTestApp({
    db: getDb(),
    config: testConfig({
      QUANTA_MODE: "production",
      DATABASE_URL: "postgresql://unused.invalid/quanta",
      PUBLIC_ORIGIN: "https://quanta.example",
    }),
  });
}, 60_000);
afterAll(async () => {
  await production?.close();
});
beforeEach(async () => {
  await resetDb(getDb());
  user = await createUserSession(getDb());
});

const balanceOf = (owner: string) =>
  chain.publicClient.readContract({
    address: chain.token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [getAddress(owner)],
  });

function faucet(key: string | null = `key-${++keyCounter}`, session = user, target = app) {
  return target.inject({
    method: "POST",
    url: `${API_BASE}/wallet/faucet`,
    headers: { ...bearer(session), ...(key === null ? {} : { "idempotency-key": key }) },
  });
}

function rpc(payload: string, target = app, contentType = "application/json") {
  return target.inject({
    method: "POST",
    url: RPC_PATH,
    headers: { "content-type": contentType },
    payload,
  });
}

const randomAddressOf = (): Address => privateKeyToAccount(generatePrivateKey()).address;

const call = (method: string, params: unknown[] = [], id: number | string = 1) =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params });

describe("GET /wallet/deposit", () => {
  it("names the dev chain, Test USDT and the deposit address", async () => {
    const response = await app.inject({
      url: `${API_BASE}/wallet/deposit`,
      headers: bearer(user),
    });
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json<{ Data: DepositInfo }>().Data;
    expect(info).toEqual({
      chainId: 31337,
      network: "ERC20",
      asset: "USDT",
      token: chain.token,
      address: chain.depositAddress,
      confirmations: 2,
      minAmount: DEPOSIT_MIN_AMOUNT,
    });
    expect(getAddress(info.address)).toBe(info.address);
    expect(info.address).not.toBe(chain.hotWallet);
  });

  it("needs a signed-in user, and answers 503 on a production server without a chain", async () => {
    const anonymous = await app.inject({ url: `${API_BASE}/wallet/deposit` });
    expect(anonymous.statusCode).toBe(401);
    const other = await createUserSession(getDb());
    const none = await production.inject({
      url: `${API_BASE}/wallet/deposit`,
      headers: bearer(other),
    });
    expect(none.statusCode, none.body).toBe(503);
    expect(none.json()).toMatchObject({ Code: "UNAVAILABLE" });
  });

  it("serves a production server's configured chain", async () => {
    const configured = await buildTestApp({
      db: getDb(),
      config: testConfig({
        QUANTA_MODE: "production",
        DATABASE_URL: "postgresql://unused.invalid/quanta",
        PUBLIC_ORIGIN: "https://quanta.example",
        CHAIN_RPC_URL: "https://rpc.example/v1/secret-key",
        USDT_CONTRACT: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        DEPOSIT_ADDRESS: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      }),
    });
    try {
      const response = await configured.inject({
        url: `${API_BASE}/wallet/deposit`,
        headers: bearer(user),
      });
      expect(response.json<{ Data: DepositInfo }>().Data).toEqual({
        chainId: 1,
        network: "ERC20",
        asset: "USDT",
        token: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        confirmations: 12,
        minAmount: DEPOSIT_MIN_AMOUNT,
      });
      expect(response.body).not.toContain("secret-key");
    } finally {
      await configured.close();
    }
  });
});

describe("POST /wallet/faucet", () => {
  it("sends 1000 test USDT to the user's wallet; a replayed key answers the same hash", async () => {
    const response = await faucet("faucet-1");
    expect(response.statusCode, response.body).toBe(200);
    const { txHash } = response.json<{ Data: { txHash: Hex } }>().Data;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: txHash });
    expect(receipt.status).toBe("success");
    expect(await balanceOf(user.address ?? "")).toBe(parseUnits(FAUCET_AMOUNT, 6));
    // And ETH, so the wallet can pay the gas of sending that USDT on.
    const gas = await chain.publicClient.getBalance({ address: getAddress(user.address ?? "") });
    expect(gas).toBe(FAUCET_GAS);

    const replay = await faucet("faucet-1");
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(response.json());
    // No second transfer: the hot wallet's nonce and the user's balance stay put.
    const nonce = await chain.publicClient.getTransactionCount({ address: chain.hotWallet });
    await new Promise((r) => setTimeout(r, 300));
    expect(await chain.publicClient.getTransactionCount({ address: chain.hotWallet })).toBe(nonce);
    expect(await balanceOf(user.address ?? "")).toBe(parseUnits(FAUCET_AMOUNT, 6));
  });

  it("limits a user to one send a minute with a clear 429, other users unaffected", async () => {
    expect((await faucet()).statusCode).toBe(200);
    const again = await faucet();
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ Code: "RATE_LIMITED" });
    expect(again.json<{ Message: string }>().Message).toMatch(
      /once every 60 s; try again in \d+ s/,
    );
    const other = await createUserSession(getDb());
    expect((await faucet(undefined, other)).statusCode).toBe(200);
  });

  it("requires an Idempotency-Key and a signed-in wallet user", async () => {
    const before = await chain.publicClient.getTransactionCount({ address: chain.hotWallet });
    const noKey = await faucet(null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json<{ Message: string }>().Message).toContain("idempotency-key");
    const anonymous = await app.inject({
      method: "POST",
      url: `${API_BASE}/wallet/faucet`,
      headers: { "idempotency-key": "k" },
    });
    expect(anonymous.statusCode).toBe(401);
    // An operator has no wallet: operator sessions are refused on the wallet app's routes.
    const operator = await createUserSession(getDb(), { role: "operator" });
    const byOperator = await faucet("k", operator);
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.json()).toMatchObject({ Code: "FORBIDDEN" });
    expect(await chain.publicClient.getTransactionCount({ address: chain.hotWallet })).toBe(before);
  });

  it("is refused with 403 DEMO_ONLY by a production server", async () => {
    const response = await faucet("k", user, production);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ Code: "DEMO_ONLY" });
  });
});

describe("POST /api/v1/rpc", () => {
  it("relays eth_chainId and reads, keeping the caller's id, single and batched", async () => {
    const single = await rpc(call("eth_chainId", [], "a-1"));
    expect(single.statusCode).toBe(200);
    expect(single.json()).toEqual({ jsonrpc: "2.0", id: "a-1", result: "0x7a69" });

    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [chain.hotWallet],
    });
    const batch = await rpc(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
        {
          jsonrpc: "2.0",
          id: 2,
          method: "eth_call",
          params: [{ to: chain.token, data }, "latest"],
        },
        { jsonrpc: "2.0", id: 3, method: "anvil_mine", params: [] },
      ]),
    );
    const answers = batch.json<{ id: number; result?: string; error?: { code: number } }[]>();
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(answers[0]?.result).toMatch(/^0x[0-9a-f]+$/);
    expect(BigInt(answers[1]?.result ?? "0x0")).toBe(
      await chain.publicClient.readContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [chain.hotWallet],
      }),
    );
    expect(answers[2]?.error?.code).toBe(-32601);
  });

  it("relays eth_sendRawTransaction of a transfer the user signed", async () => {
    // A funded dev account (not the hot wallet or deposit address) plays the user's wallet.
    const sender = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 });
    const to: Address = privateKeyToAccount(generatePrivateKey()).address;
    const nonce = await chain.publicClient.getTransactionCount({ address: sender.address });
    const fees = await chain.publicClient.estimateFeesPerGas();
    const signed = await sender.signTransaction({
      chainId: 31337,
      type: "eip1559",
      to,
      value: parseUnits("0.25", 18),
      nonce,
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const response = await rpc(call("eth_sendRawTransaction", [signed]));
    const { result } = response.json<{ result: Hex }>();
    expect(result, response.body).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: result });
    expect(receipt.status).toBe("success");
    expect(await chain.publicClient.getBalance({ address: to })).toBe(parseUnits("0.25", 18));
  });

  it.each(["hotWallet", "deployer", "deposit"] as const)(
    "refuses a raw transaction signed by the platform's %s key and sends nothing",
    async (role) => {
      // Whoever got hold of such bytes (or the key) must not move the platform's funds via /rpc.
      const platform = loadPlatformKeys(chain.cacheDir)[role];
      const nonce = await chain.publicClient.getTransactionCount({ address: platform.address });
      const fees = await chain.publicClient.estimateFeesPerGas();
      const signed = await platform.signTransaction({
        chainId: 31337,
        type: "eip1559",
        to: chain.token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [randomAddressOf(), 1n],
        }),
        nonce,
        gas: 100_000n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const response = await rpc(call("eth_sendRawTransaction", [signed], 9));
      expect(response.json()).toMatchObject({
        jsonrpc: "2.0",
        id: 9,
        error: { code: -32003, message: expect.stringContaining("platform's own accounts") },
      });
      await new Promise((r) => setTimeout(r, 200));
      const pending = await chain.publicClient.getTransactionCount({
        address: platform.address,
        blockTag: "pending",
      });
      expect(pending).toBe(nonce);
    },
  );

  it("refuses eth_sendRawTransaction whose parameter is not a signed transaction", async () => {
    const answer = (await rpc(call("eth_sendRawTransaction", ["0x1234"]))).json();
    expect(answer).toMatchObject({ error: { code: -32602 } });
    expect((await rpc(call("eth_sendRawTransaction", []))).json()).toMatchObject({
      error: { code: -32602 },
    });
  });

  it.each([
    ["anvil_setBalance", [chain?.hotWallet ?? "0x0", "0x1"]],
    ["eth_sendTransaction", [{ from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }]],
    ["evm_snapshot", []],
    ["personal_sign", ["0x00", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"]],
    ["eth_accounts", []],
  ])("refuses %s with a JSON-RPC method error and changes nothing", async (method, params) => {
    const before = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    const response = await rpc(call(method, params, 7));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32601 } });
    expect(await chain.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(before);
  });

  it("answers bad bodies with JSON-RPC errors", async () => {
    const malformed = await rpc('{"jsonrpc":"2.0","id":1,"method":');
    expect(malformed.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: expect.stringContaining("Parse error") },
    });
    expect((await rpc("[]")).json()).toMatchObject({ error: { code: -32600 } });
    expect((await rpc('{"id":1,"method":"eth_chainId"}')).json()).toMatchObject({
      id: 1,
      error: { code: -32600 },
    });
    expect(
      (await rpc(JSON.stringify(Array(51).fill(JSON.parse(call("eth_chainId")))))).json(),
    ).toMatchObject({ error: { code: -32600, message: expect.stringContaining("at most 50") } });

    const oversize = await rpc(call("eth_call", ["0x" + "00".repeat(RPC_BODY_LIMIT)]));
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });

    const notJson = await rpc(call("eth_chainId"), app, "text/plain");
    expect(notJson.statusCode).toBe(415);
    const get = await app.inject({ method: "GET", url: RPC_PATH });
    expect(get.statusCode).toBe(404);
  });

  it("is refused with 403 DEMO_ONLY by a production server", async () => {
    const response = await rpc(call("eth_chainId"), production);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Code: "DEMO_ONLY" });
  });
});
