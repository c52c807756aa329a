import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, type Env } from "../config";

const PRODUCTION: Env = {
  QUANTA_MODE: "production",
  DATABASE_URL: "postgresql://db.example/quanta",
  PUBLIC_ORIGIN: "https://quanta.example",
};
const USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const DEPOSIT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const KEY = `0x${"ab".repeat(32)}`;

function problems(env: Env): readonly string[] {
  try {
    loadConfig(env, "/srv");
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("chain configuration", () => {
  it("runs the dev chain in demo, with 2 confirmations unless told", () => {
    expect(loadConfig({}, "/srv").chain).toEqual({ kind: "dev", confirmations: 2 });
    expect(loadConfig({ CHAIN_CONFIRMATIONS: "5" }, "/srv").chain).toEqual({
      kind: "dev",
      confirmations: 5,
    });
  });

  it("refuses a real chain's settings in demo", () => {
    expect(problems({ CHAIN_RPC_URL: "https://rpc.example" })).toEqual([
      "CHAIN_RPC_URL is production only; a demo server runs its own anvil dev chain",
    ]);
  });

  it("reads production's chain, all three names together", () => {
    const config = loadConfig(
      {
        ...PRODUCTION,
        CHAIN_RPC_URL: "https://rpc.example/key",
        USDT_CONTRACT: USDT,
        DEPOSIT_ADDRESS: DEPOSIT,
        HOT_WALLET_KEY: KEY,
      },
      "/srv",
    );
    expect(config.chain).toMatchObject({
      kind: "rpc",
      rpcUrl: "https://rpc.example/key",
      chainId: 1,
      usdtContract: USDT,
      depositAddress: DEPOSIT,
      confirmations: 12,
    });
    if (config.chain.kind !== "rpc") throw new Error("not rpc");
    expect(config.chain.hotWalletKey?.reveal()).toBe(KEY);
    // The key never prints, however the config is logged.
    expect(JSON.stringify(config)).not.toContain("abab");
    expect(inspect(config, { depth: 10 })).not.toContain("abab");
    expect(String(config.chain.hotWalletKey)).toBe("[redacted]");
  });

  it("runs production without a chain when none is named", () => {
    expect(loadConfig(PRODUCTION, "/srv").chain).toEqual({ kind: "none" });
  });

  it.each([
    [
      { CHAIN_RPC_URL: "https://rpc.example" },
      [
        "USDT_CONTRACT is required with CHAIN_RPC_URL, USDT_CONTRACT and DEPOSIT_ADDRESS",
        "DEPOSIT_ADDRESS is required with CHAIN_RPC_URL, USDT_CONTRACT and DEPOSIT_ADDRESS",
      ],
    ],
    [
      { CHAIN_RPC_URL: "wss://rpc.example/secret", USDT_CONTRACT: USDT, DEPOSIT_ADDRESS: DEPOSIT },
      ["CHAIN_RPC_URL must be an http:// or https:// JSON-RPC URL (got a wss:// URL)"],
    ],
    [
      {
        CHAIN_RPC_URL: "https://rpc.example",
        USDT_CONTRACT: USDT.toLowerCase(),
        DEPOSIT_ADDRESS: DEPOSIT.replace("F", "f"),
      },
      [
        `USDT_CONTRACT must be an EIP-55 checksummed address (got "${USDT.toLowerCase()}")`,
        `DEPOSIT_ADDRESS must be an EIP-55 checksummed address (got "${DEPOSIT.replace("F", "f")}")`,
      ],
    ],
    [
      { CHAIN_RPC_URL: "https://rpc.example", USDT_CONTRACT: "0x1234", DEPOSIT_ADDRESS: DEPOSIT },
      ['USDT_CONTRACT must be a 0x-prefixed 20-byte address, not zero (got "0x1234")'],
    ],
    [
      {
        CHAIN_RPC_URL: "https://rpc.example",
        USDT_CONTRACT: USDT,
        DEPOSIT_ADDRESS: DEPOSIT,
        HOT_WALLET_KEY: "0xnot-a-key-but-a-secret",
        CHAIN_CONFIRMATIONS: "0",
        CHAIN_ID: "main",
      },
      [
        'CHAIN_CONFIRMATIONS must be an integer from 1 to 500 (got "0")',
        'CHAIN_ID must be a positive integer EIP-155 chain id (got "main")',
        "HOT_WALLET_KEY must be a 0x-prefixed 32-byte hex private key (value not shown)",
      ],
    ],
  ])("lists every problem of %j", (env, expected) => {
    const listed = problems({ ...PRODUCTION, ...env });
    expect(listed).toEqual(expected);
    expect(listed.join("\n")).not.toContain("secret");
  });
});
