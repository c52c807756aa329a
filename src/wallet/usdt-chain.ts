// Test USDT on the deposit chain, with viem (no wagmi): the signed-in wallet's balance, and a
// transfer to the deposit address from the demo key or an injected wallet: the implementation of
// src/sync/usdt-chain-port.ts. Heavy (viem): the app's wiring provides it as a dynamic import, so
// it never joins the entry chunk.
// Every RPC goes through our server's relay (demo) or the user's own wallet — never a public node.
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  InsufficientFundsError,
  isAddress,
  parseUnits,
  type Address,
  type Hex,
  type Transport,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type {
  BalanceQuery,
  ChainAccess,
  InjectedProvider,
  TransferRequest,
} from "../sync/usdt-chain-port";

/** USDT and the demo's Test USDT have 6 decimals. */
export const USDT_DECIMALS = 6;

function transportOf(access: ChainAccess): Transport {
  return access.kind === "relay" ? http(access.url) : custom(access.provider);
}

function chainOf(chainId: number, access: ChainAccess) {
  return defineChain({
    id: chainId,
    name: "Deposit chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: access.kind === "relay" ? [access.url] : [] } },
  });
}

/** The checksummed (EIP-55) form of an address, or null when it is not one. */
export function checksumAddress(value: string): string | null {
  // strict: a mixed-case address must carry a valid checksum (a typo changes the checksum).
  if (!isAddress(value, { strict: true })) return null;
  return getAddress(value);
}

/** The chain id an injected wallet is on right now. */
export async function injectedChainId(provider: InjectedProvider): Promise<number> {
  const id = await provider.request({ method: "eth_chainId" });
  return Number.parseInt(String(id), 16);
}

/** balanceOf(owner) on the token, as a decimal string with 6 decimals. */
export async function readUsdtBalance(query: BalanceQuery): Promise<string> {
  const client = createPublicClient({
    chain: chainOf(query.chainId, query.access),
    transport: transportOf(query.access),
  });
  const units = await client.readContract({
    address: getAddress(query.token),
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [getAddress(query.owner)],
  });
  return formatUnits(units, USDT_DECIMALS);
}

/** The transfer was mined but reverted (e.g. not enough Test USDT in the wallet). */
export class TransferRevertedError extends Error {
  override name = "TransferRevertedError";
}

/** The wallet holds less USDT than the transfer sends (checked before asking it to sign). */
export class InsufficientUsdtError extends Error {
  override name = "InsufficientUsdtError";
}

/** The wallet has no ETH for the network fee (gas): the node would refuse the transaction. */
export class NoGasError extends Error {
  override name = "NoGasError";
}

/** The injected wallet is on another chain than the deposit address. */
export class WrongChainError extends Error {
  override name = "WrongChainError";
}

/** How long to wait for the transfer's receipt before handing back its hash anyway. */
const RECEIPT_TIMEOUT_MS = 60_000;

/** The address a private key signs for. */
export function addressOfKey(privateKey: string): Address {
  return privateKeyToAccount(privateKey as Hex).address;
}

/** Sends transfer(to, amount) on the token and answers the transaction hash once it is mined. */
export async function sendUsdtTransfer(request: TransferRequest): Promise<Hex> {
  const { access } = request;
  const chain = chainOf(request.chainId, access);
  const transport = transportOf(access);
  let account: Address | ReturnType<typeof privateKeyToAccount>;
  if (access.kind === "relay") {
    if (request.privateKey === null) throw new Error("The relay needs the demo wallet's key.");
    account = privateKeyToAccount(request.privateKey as Hex);
  } else {
    if ((await injectedChainId(access.provider)) !== request.chainId) {
      throw new WrongChainError(`Switch the wallet to chain ${request.chainId}.`);
    }
    const [first] = (await access.provider.request({ method: "eth_requestAccounts" })) as Address[];
    if (first === undefined) throw new Error("The wallet shared no account.");
    account = getAddress(first);
  }
  const wallet = createWalletClient({ account, chain, transport });
  const reader = createPublicClient({ chain, transport });
  const from = typeof account === "string" ? account : account.address;
  const token = getAddress(request.token);
  const units = parseUnits(request.amount, USDT_DECIMALS);
  // Name the real cause before the wallet is asked to sign: a transfer without gas or without
  // the USDT would only fail with a node error the user cannot read.
  const [held, gas] = await Promise.all([
    reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [from] }),
    reader.getBalance({ address: from }),
  ]);
  if (held < units) throw new InsufficientUsdtError("The wallet holds less USDT than that.");
  if (gas === 0n) throw new NoGasError("The wallet has no ETH for gas.");
  let hash: Hex;
  try {
    hash = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [getAddress(request.to), units],
    });
  } catch (error) {
    if (error instanceof BaseError && error.walk((e) => e instanceof InsufficientFundsError)) {
      throw new NoGasError("The wallet has too little ETH for gas.", { cause: error });
    }
    throw error;
  }
  try {
    const receipt = await reader.waitForTransactionReceipt({
      hash,
      timeout: RECEIPT_TIMEOUT_MS,
    });
    if (receipt.status !== "success") throw new TransferRevertedError("The transfer reverted.");
  } catch (error) {
    if (error instanceof TransferRevertedError) throw error;
    // Not mined yet (a slow chain): the hash is still the user's proof; the server waits for it.
  }
  return hash;
}
