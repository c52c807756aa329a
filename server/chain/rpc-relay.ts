// The demo's JSON-RPC relay: the browser's wallet transport talks to the dev chain through the
// server (anvil listens on loopback only). Only the read methods and eth_sendRawTransaction of
// RPC_RELAY_METHODS pass; anvil_*, evm_*, eth_sendTransaction (anvil would sign with its unlocked
// accounts, the hot wallet among them), personal_* and the rest are refused, so the browser can
// neither mint, rewind, nor spend anyone's funds but its own signed transactions. A raw
// transaction signed by one of the platform's own keys is refused too (its signer is recovered):
// those keys never sign in a browser, so such bytes can only be a replay or a leak.
import {
  isAddressEqual,
  isHex,
  recoverTransactionAddress,
  type Address,
  type TransactionSerialized,
} from "viem";
import { RPC_RELAY_METHODS } from "../../protocol/chain";

/** Largest batch forwarded; viem batches at most a few dozen calls. */
export const RPC_MAX_BATCH = 50;
const UPSTREAM_TIMEOUT_MS = 15_000;

const ALLOWED = new Set<string>(RPC_RELAY_METHODS);

type Id = string | number | null;

export interface RpcError {
  jsonrpc: "2.0";
  id: Id;
  error: { code: number; message: string };
}

/** JSON-RPC 2.0 error codes (https://www.jsonrpc.org/specification#error_object). */
export const RPC_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  internal: -32603,
  /** EIP-1474: "Transaction rejected". */
  transactionRejected: -32003,
} as const;

export interface RelayTarget {
  rpcUrl: string;
  /** Signers whose raw transactions are never forwarded (the platform's own accounts). */
  refusedSigners: readonly Address[];
}

export function rpcError(id: Id, code: number, message: string): RpcError {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

/**
 * Answers one raw request body (a single call or a batch) against `rpcUrl`. Never throws: every
 * failure is a JSON-RPC error object, as a JSON-RPC client expects.
 */
export async function relayJsonRpc(body: string, target: RelayTarget): Promise<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return rpcError(null, RPC_ERRORS.parse, "Parse error: the body is not valid JSON");
  }
  if (!Array.isArray(parsed)) return relayOne(parsed, target);
  if (parsed.length === 0) {
    return rpcError(null, RPC_ERRORS.invalidRequest, "Invalid request: empty batch");
  }
  if (parsed.length > RPC_MAX_BATCH) {
    return rpcError(
      null,
      RPC_ERRORS.invalidRequest,
      `Invalid request: a batch holds at most ${RPC_MAX_BATCH} calls`,
    );
  }
  return Promise.all(parsed.map((call) => relayOne(call, target)));
}

async function relayOne(call: unknown, target: RelayTarget): Promise<unknown> {
  if (typeof call !== "object" || call === null || Array.isArray(call)) {
    return rpcError(null, RPC_ERRORS.invalidRequest, "Invalid request: not a JSON-RPC object");
  }
  const { jsonrpc, id, method, params } = call as Record<string, unknown>;
  const safeId: Id =
    typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
  if (jsonrpc !== "2.0" || typeof method !== "string" || !isValidId(id)) {
    return rpcError(safeId, RPC_ERRORS.invalidRequest, "Invalid request: not JSON-RPC 2.0");
  }
  if (params !== undefined && typeof params !== "object") {
    return rpcError(safeId, RPC_ERRORS.invalidRequest, "Invalid request: params must be an array");
  }
  if (!ALLOWED.has(method)) {
    return rpcError(
      safeId,
      RPC_ERRORS.methodNotFound,
      `Method ${method.slice(0, 64)} is not available through this relay`,
    );
  }
  if (method === "eth_sendRawTransaction") {
    const refusal = await refuseRawTransaction(params, target.refusedSigners);
    if (refusal !== null) return rpcError(safeId, refusal.code, refusal.message);
  }
  try {
    const response = await fetch(target.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      // Rebuilt from the checked fields: nothing else the client sent reaches anvil.
      body: JSON.stringify({ jsonrpc: "2.0", id: safeId, method, params: params ?? [] }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    return (await response.json()) as unknown;
  } catch {
    return rpcError(safeId, RPC_ERRORS.internal, "The dev chain did not answer");
  }
}

/** JSON-RPC ids are strings, numbers or null; a missing id (a notification) is answered as null. */
function isValidId(id: unknown): boolean {
  return id === undefined || id === null || typeof id === "string" || typeof id === "number";
}

/** Why a raw transaction is not forwarded, or null to forward it. */
async function refuseRawTransaction(
  params: unknown,
  refused: readonly Address[],
): Promise<{ code: number; message: string } | null> {
  const raw: unknown = Array.isArray(params) ? params[0] : undefined;
  if (typeof raw !== "string" || !isHex(raw)) {
    return { code: -32602, message: "Invalid params: a signed transaction (0x hex) is expected" };
  }
  let signer: Address;
  try {
    signer = await recoverTransactionAddress({
      serializedTransaction: raw as TransactionSerialized,
    });
  } catch {
    return { code: -32602, message: "Invalid params: not a signed transaction" };
  }
  if (refused.some((address) => isAddressEqual(address, signer))) {
    return {
      code: RPC_ERRORS.transactionRejected,
      message: "Transactions signed by the platform's own accounts are not relayed",
    };
  }
  return null;
}
