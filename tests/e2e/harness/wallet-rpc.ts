// The test wallet's vocabulary: EIP-1193 errors as MetaMask answers them, its EIP-6963 icon, the
// read methods it forwards to its node, and the chain shapes viem needs (harness/wallet.ts).
import type { Hex, PrivateKeyAccount, TypedDataDefinition } from "viem";
import { RPC_RELAY_METHODS } from "../../../protocol/chain";

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const USER_REJECTED = () => new RpcError(4001, "User rejected the request.");
export const UNAUTHORIZED = () =>
  new RpcError(4100, "The requested account and/or method has not been authorized by the user.");
export const invalidParams = (why: string) => new RpcError(-32602, `Invalid params: ${why}`);

export const ICON =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
      '<rect width="96" height="96" rx="20" fill="#1f6feb"/>' +
      '<text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">Q</text>' +
      "</svg>",
  ).toString("base64");

/** What the wallet forwards to its node unsigned: the relay's methods except sending raw bytes. */
export const READ_METHODS: ReadonlySet<string> = new Set(
  RPC_RELAY_METHODS.filter((m) => m !== "eth_sendRawTransaction"),
);

export function chainOf(id: number) {
  return {
    id,
    name: `chain ${id}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  } as const;
}

export function parseChainId(param: unknown): number {
  const raw =
    typeof param === "object" && param !== null
      ? (param as { chainId?: unknown }).chainId
      : undefined;
  // Wallets insist on 0x-hex without leading zeros (EIP-3326).
  if (typeof raw !== "string" || !/^0x[1-9a-f][0-9a-f]*$/i.test(raw)) {
    throw invalidParams("expected [{ chainId: '0x…' }].");
  }
  return Number.parseInt(raw, 16);
}

/** eth_signTypedData_v4's data: a JSON string (as MetaMask takes it) or the object itself. */
export function parseTypedData(raw: unknown): TypedDataDefinition {
  try {
    return (typeof raw === "string" ? JSON.parse(raw) : raw) as TypedDataDefinition;
  } catch {
    throw invalidParams("typed data is not JSON.");
  }
}

/** Signs EIP-712 data; data viem cannot encode is the caller's error (-32602), as in wallets. */
export async function signTypedData(
  account: PrivateKeyAccount,
  typedData: TypedDataDefinition,
): Promise<Hex> {
  try {
    return await account.signTypedData(typedData);
  } catch (error) {
    throw invalidParams(error instanceof Error ? error.message : String(error));
  }
}
