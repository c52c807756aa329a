// The chain part of config.ts: demo runs its own anvil dev chain; production names a real chain
// (CHAIN_RPC_URL, USDT_CONTRACT, DEPOSIT_ADDRESS, all three or none) and never starts anvil.
import { inspect } from "node:util";
import { getAddress, isHex, type Address, type Hex } from "viem";
import type { QuantaMode } from "../../protocol/health";

export type ChainConfig =
  /** Demo: anvil started by server-services.ts, Test USDT deployed from source (chain/README.md). */
  | { kind: "dev"; confirmations: number }
  /** Production with on-chain deposits. */
  | {
      kind: "rpc";
      rpcUrl: string;
      chainId: number;
      usdtContract: Address;
      depositAddress: Address;
      confirmations: number;
      /** Signs withdrawals from the hot wallet; null: withdrawals cannot be sent yet. */
      hotWalletKey: SecretKey | null;
    }
  /** Production without a chain: deposits only through operator review. */
  | { kind: "none" };

export const DEFAULT_CONFIRMATIONS: Readonly<Record<QuantaMode, number>> = {
  demo: 2,
  production: 12,
};

/** A private key that never prints: not in logs, JSON, inspect or an error message. */
export class SecretKey {
  readonly #value: Hex;
  constructor(value: Hex) {
    this.#value = value;
  }
  reveal(): Hex {
    return this.#value;
  }
  toJSON(): string {
    return "[redacted]";
  }
  toString(): string {
    return "[redacted]";
  }
  [inspect.custom](): string {
    return "SecretKey([redacted])";
  }
}

const PRODUCTION_ONLY = ["CHAIN_RPC_URL", "USDT_CONTRACT", "DEPOSIT_ADDRESS", "HOT_WALLET_KEY"];

export function parseChainConfig(
  read: (name: string) => string | undefined,
  mode: QuantaMode,
  problems: string[],
): ChainConfig {
  const confirmations = parseConfirmations(read("CHAIN_CONFIRMATIONS"), mode, problems);
  if (mode === "demo") {
    // DESIGN §1.5 the other way round: a demo server never touches a real chain's money.
    for (const name of [...PRODUCTION_ONLY, "CHAIN_ID"]) {
      if (read(name) !== undefined) {
        problems.push(`${name} is production only; a demo server runs its own anvil dev chain`);
      }
    }
    return { kind: "dev", confirmations };
  }
  const rpcUrl = read("CHAIN_RPC_URL");
  const contract = read("USDT_CONTRACT");
  const deposit = read("DEPOSIT_ADDRESS");
  const key = read("HOT_WALLET_KEY");
  if (rpcUrl === undefined && contract === undefined && deposit === undefined) {
    if (key !== undefined) problems.push("HOT_WALLET_KEY needs CHAIN_RPC_URL");
    return { kind: "none" };
  }
  for (const [name, value] of [
    ["CHAIN_RPC_URL", rpcUrl],
    ["USDT_CONTRACT", contract],
    ["DEPOSIT_ADDRESS", deposit],
  ] as const) {
    if (value === undefined) {
      problems.push(`${name} is required with CHAIN_RPC_URL, USDT_CONTRACT and DEPOSIT_ADDRESS`);
    }
  }
  return {
    kind: "rpc",
    rpcUrl: parseRpcUrl(rpcUrl, problems),
    chainId: parseChainId(read("CHAIN_ID"), problems),
    usdtContract: parseChecksummed("USDT_CONTRACT", contract, problems),
    depositAddress: parseChecksummed("DEPOSIT_ADDRESS", deposit, problems),
    confirmations,
    hotWalletKey: parseKey(key, problems),
  };
}

function parseConfirmations(value: string | undefined, mode: QuantaMode, problems: string[]) {
  if (value === undefined) return DEFAULT_CONFIRMATIONS[mode];
  const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  if (n >= 1 && n <= 500) return n;
  problems.push(`CHAIN_CONFIRMATIONS must be an integer from 1 to 500 (got "${value}")`);
  return DEFAULT_CONFIRMATIONS[mode];
}

function parseRpcUrl(value: string | undefined, problems: string[]): string {
  if (value === undefined) return "";
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === "https:" || url.protocol === "http:") && url.host) return value;
  // Never echo the value: provider URLs usually carry an API key.
  const got = url ? `a ${url.protocol}// URL` : "not a URL";
  problems.push(`CHAIN_RPC_URL must be an http:// or https:// JSON-RPC URL (got ${got})`);
  return "";
}

function parseChainId(value: string | undefined, problems: string[]): number {
  if (value === undefined) return 1;
  if (/^[1-9]\d{0,14}$/.test(value)) return Number(value);
  problems.push(`CHAIN_ID must be a positive integer EIP-155 chain id (got "${value}")`);
  return 1;
}

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

function parseChecksummed(name: string, value: string | undefined, problems: string[]): Address {
  if (value === undefined) return ZERO_ADDRESS;
  if (/^0x[0-9a-fA-F]{40}$/.test(value) && value !== ZERO_ADDRESS) {
    const checksummed = getAddress(value);
    if (checksummed === value) return checksummed;
    // A typo in one character usually still passes the hex test; the checksum catches it. The
    // checksummed form is not suggested: it would bless the typo.
    problems.push(`${name} must be an EIP-55 checksummed address (got "${value}")`);
    return ZERO_ADDRESS;
  }
  problems.push(`${name} must be a 0x-prefixed 20-byte address, not zero (got "${value}")`);
  return ZERO_ADDRESS;
}

function parseKey(value: string | undefined, problems: string[]): SecretKey | null {
  if (value === undefined) return null;
  if (isHex(value) && /^0x[0-9a-fA-F]{64}$/.test(value)) return new SecretKey(value);
  problems.push("HOT_WALLET_KEY must be a 0x-prefixed 32-byte hex private key (value not shown)");
  return null;
}
